/**
 * Fixed sample people for the Users and Settings pages, which the spec keeps unconnected to any
 * server (spec §1, §2 /users, /settings). Both screens label them as sample data.
 */
export interface SampleUser {
  id: string;
  name: string;
  email: string;
  status: 'Active' | 'Not Active';
  phone: string;
  address: string;
  role: (typeof sampleRoles)[number];
}

export const sampleRoles = ['Admin', 'Guest User', 'Manager'] as const;

export const sampleUsers: SampleUser[] = [
  {
    id: 'u1',
    name: 'Adaeze Okafor',
    email: 'adaeze.okafor@example.com',
    status: 'Active',
    phone: '+234 801 234 5678',
    address: '12 Marina Road, Lagos',
    role: 'Admin',
  },
  {
    id: 'u2',
    name: 'Kwame Mensah',
    email: 'kwame.mensah@example.com',
    status: 'Active',
    phone: '+233 24 123 4567',
    address: '4 Oxford Street, Accra',
    role: 'Manager',
  },
  {
    id: 'u3',
    name: 'Afi Dogbe',
    email: 'afi.dogbe@example.com',
    status: 'Not Active',
    phone: '+228 90 12 34 56',
    address: '21 Rue du Commerce, Lomé',
    role: 'Guest User',
  },
  {
    id: 'u4',
    name: 'Jean-Paul Nkoulou',
    email: 'jp.nkoulou@example.com',
    status: 'Active',
    phone: '+237 6 77 12 34 56',
    address: '8 Avenue Kennedy, Yaoundé',
    role: 'Guest User',
  },
  {
    id: 'u5',
    name: 'Chiamaka Eze',
    email: 'chiamaka.eze@example.com',
    status: 'Not Active',
    phone: '+234 803 555 0101',
    address: '3 Ogui Road, Enugu',
    role: 'Guest User',
  },
  {
    id: 'u6',
    name: 'Yaw Boateng',
    email: 'yaw.boateng@example.com',
    status: 'Active',
    phone: '+233 20 765 4321',
    address: '15 Prempeh Street, Kumasi',
    role: 'Manager',
  },
];

export const SAMPLE_NOTICE = 'Sample data: this page is not connected to the server, and nothing on it is saved.';
