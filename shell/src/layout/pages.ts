import { matchPath } from 'react-router-dom';

/** The shell names every screen (ARCHITECTURE: "The menu and page titles are the shell's"). */
interface PageMeta {
  pattern: string;
  title: string;
  /** List screens filter by the header's Search box. */
  searchable?: boolean;
}

const pages: PageMeta[] = [
  { pattern: '/dashboard', title: 'Dashboard' },
  { pattern: '/users', title: 'Users', searchable: true },
  { pattern: '/bookshelf', title: 'BookShelf', searchable: true },
  { pattern: '/bookshelf-organizer', title: 'Add Book' },
  { pattern: '/bookshelf/:id', title: 'Book Details' },
  { pattern: '/edit-book/:id', title: 'Edit Book' },
  { pattern: '/bible-list', title: 'Bible In A Year', searchable: true },
  { pattern: '/bible-plan-organizer', title: 'Add Bible Plan' },
  { pattern: '/bible-plan-details/:id', title: 'Bible Plan Details' },
  { pattern: '/edit-bible-plan/:id', title: 'Edit Bible Plan' },
  { pattern: '/live-streaming', title: 'Live Streaming', searchable: true },
  { pattern: '/manage-live-streaming', title: 'Add Live Stream' },
  { pattern: '/live-streaming/edit/:id', title: 'Edit Live Stream' },
  { pattern: '/group-list', title: 'Group Formation', searchable: true },
  { pattern: '/group-formation', title: 'Add Group' },
  { pattern: '/group/edit/:id', title: 'Edit Group' },
  { pattern: '/group/:id', title: 'Group Details' },
  { pattern: '/mass-scheduling', title: 'Mass Scheduling', searchable: true },
  { pattern: '/adult-reflection', title: 'Adult Reflection', searchable: true },
  { pattern: '/add-adult-reflection', title: 'Add Adult Reflection' },
  { pattern: '/adult-reflection/edit/:id', title: 'Edit Adult Reflection' },
  { pattern: '/adult-reflection/:date', title: 'Adult Reflection Details' },
  { pattern: '/children-reflection', title: 'Children Reflection', searchable: true },
  { pattern: '/add-children-reflection', title: 'Add Children Reflection' },
  { pattern: '/children-reflection/edit/:id', title: 'Edit Children Reflection' },
  { pattern: '/children-reflection/:date', title: 'Children Reflection Details' },
  { pattern: '/prayer-requests', title: 'Prayer Requests', searchable: true },
  { pattern: '/donations', title: 'Donations', searchable: true },
  { pattern: '/donation/add', title: 'Add Donation' },
  { pattern: '/donations/:id', title: 'Donation Details' },
  { pattern: '/edit-donation/:id', title: 'Edit Donation' },
  { pattern: '/settings', title: 'Settings' },
  { pattern: '/bank-accounts', title: 'Bank Accounts', searchable: true },
  { pattern: '/add-bank-account', title: 'Add Bank Account' },
  { pattern: '/prayers', title: 'Section A Prayers', searchable: true },
  { pattern: '/add-prayer', title: 'Add Prayer' },
  { pattern: '/about', title: 'About Us' },
  { pattern: '/add-about', title: 'Add About Us' },
];

export function pageFor(pathname: string): PageMeta | undefined {
  return pages.find((page) => matchPath({ path: page.pattern, end: true }, pathname));
}
