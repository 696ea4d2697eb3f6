import type { Schemas } from 'api/contract';
import { type FormValuesOf } from 'shared';
import { recordKind, resourceWithCalls } from 'shared/data';
import { donationForm } from './form';

/**
 * A donation (spec §3). `fileUrl` is the uploaded file of any type; `donationImage` is the same URL
 * when that file is an image, else null (ARCHITECTURE's deviation).
 */
export type Donation = Schemas['Donation'];

/** What the add and edit forms hold (on edit the file may be the current file's URL). */
export type DonationInput = FormValuesOf<typeof donationForm.fields>;

/** Its query keys (with the invalidation every write below does), and its calls. */
export const [donations, donationsApi] = resourceWithCalls('donations', donationForm, {
  list: '/api/v1/all/donations',
  get: '/api/v1/single/donation/{id}',
  add: ['post', '/api/v1/add/donation/{userId}'],
  edit: ['post', '/api/v1/edit/donation/{userId}/{id}'],
  remove: ['delete', '/api/v1/donation/{userId}/{id}'],
});

/**
 * A donation as its screens show it: its toasts, back links and labels follow from this. The add form
 * empties after a successful save and stays (spec §4); the edit form goes to the details.
 */
export const donationKind = recordKind<Donation, typeof donationForm.fields>({
  noun: 'Donation',
  resource: donations,
  form: donationForm,
  calls: donationsApi,
  list: '/donations',
  details: (id) => `/donations/${id}`,
  edit: (id) => `/edit-donation/${id}`,
  addsAgain: true,
  missing: { notFound: 'No donation data found.', backLabel: 'Back to Donations' },
});
