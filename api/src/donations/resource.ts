import { defineResource } from '../resources/definition';
import { Donation, DonationFields, type DonationRow } from './schemas';

/** The donations (spec §3, ARCHITECTURE's deviation on files). */
export const donationResource = defineResource<DonationRow>({
  table: 'donations',
  entity: Donation,
  fields: DonationFields,
  addedAt: 'createdAt',
  listed: 'newest first',
  file: {
    field: 'file',
    column: 'fileName',
    imageFlag: 'isImage',
    kind: 'any',
    words: 'The file',
    onAdd: 'A file of any type',
    onEdit: "A new file of any type, or the donation's current file URL; absent keeps the file",
    required: 'The file is required',
    sentAsText: 'The file must be a file, not text',
    foreign: "The file must be a file or the donation's current file URL",
  },
  answer: (row, fileUrl) => {
    const url = fileUrl(row.fileName);
    return { donationImage: Number(row.isImage) === 1 ? url : null, fileUrl: url };
  },
  permission: 'finance',
  export: {
    name: 'donations',
    what: 'donations',
    columns: [
      { header: 'Name', column: 'donationName', sort: 'text' },
      { header: 'Description', column: 'donationDescription', sort: 'text' },
      { header: 'Date Added', column: 'createdAt', as: 'date' },
    ],
    searched: (cell) => [cell('Name'), cell('Description')],
  },
  activity: { kind: 'donation', nameColumn: 'donationName' },
  routes: {
    list: { urls: ['/all/donations'] },
    single: { url: '/single/donation/:id' },
    add: {
      url: '/add/donation/:userId',
      summary: 'Add a donation (multipart: donationName, donationDescription, file of any type)',
    },
    edit: {
      method: 'POST',
      url: '/edit/donation/:userId/:id',
      summary: 'Edit a donation (multipart, same fields; file optional, of any type)',
    },
    delete: { url: '/donation/:userId/:id' },
  },
});
