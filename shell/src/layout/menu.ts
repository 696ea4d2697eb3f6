/** The side menu (spec §2 Shell) with the targets of ARCHITECTURE "Navigation and texts". */
export interface MenuGroup {
  title: string;
  entries: { label: string; to: string }[];
}

export const menu: MenuGroup[] = [
  { title: 'Main', entries: [{ label: 'Dashboard', to: '/dashboard' }] },
  {
    title: 'Media',
    entries: [
      { label: 'BookShelf', to: '/bookshelf' },
      { label: 'BibleInAYear', to: '/bible-list' },
      { label: 'Live Streaming', to: '/live-streaming' },
    ],
  },
  {
    title: 'Reflections',
    entries: [
      { label: 'Adult Reflection', to: '/adult-reflection' },
      { label: 'Children Reflection', to: '/children-reflection' },
    ],
  },
  {
    title: 'Community',
    entries: [
      { label: 'Group Formation', to: '/group-list' },
      { label: 'Mass Scheduling', to: '/mass-scheduling' },
      { label: 'Prayer Requests', to: '/prayer-requests' },
    ],
  },
  {
    title: 'Finance',
    entries: [
      { label: 'Donations', to: '/donations' },
      { label: 'Bank Accounts', to: '/bank-accounts' },
    ],
  },
  {
    title: 'Others',
    entries: [
      { label: 'Section A Prayer', to: '/prayers' },
      { label: 'About Us', to: '/about' },
      { label: 'Settings', to: '/settings' },
    ],
  },
];
