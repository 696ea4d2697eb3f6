import { DonationFields } from 'api/contract';
import { defineForm } from 'shared';

/**
 * A donation's fields (spec §5, to the letter: the add form says 'Donation name is required', the edit
 * form 'Name is required'), in the order of the form: the form, its checks, what it sends and the
 * rows of the details screen follow from this list. A file of any type; required on add, optional on
 * edit (where it is the current file's URL until another is chosen).
 */
export const donationForm = defineForm([
  {
    name: 'donationName',
    label: 'Donation Name',
    says: 'Name',
    kind: 'text',
    required: { add: 'Donation name is required', edit: 'Name is required' },
    limit: DonationFields.donationName,
    details: false,
  },
  {
    name: 'donationDescription',
    label: 'Description',
    kind: 'textarea',
    rows: 4,
    required: 'Description is required',
    limit: DonationFields.donationDescription,
  },
  { name: 'createdAt', label: 'Date Added', kind: 'added' },
  {
    name: 'file',
    stored: 'fileUrl',
    image: 'donationImage',
    label: 'File',
    kind: 'file',
    words: 'The file',
    types: { add: 'Any type (an image, a PDF …)', edit: 'Any type' },
    required: { add: 'File is required' },
  },
]);
