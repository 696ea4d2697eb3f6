import type { Schemas } from 'api/contract';
import { type FormValuesOf } from 'shared';
import { resource, resourceCalls } from 'shared/data';
import { donationForm } from './form';

/**
 * A donation (spec §3). `fileUrl` is the uploaded file of any type; `donationImage` is the same URL
 * when that file is an image, else null (ARCHITECTURE's deviation).
 */
export type Donation = Schemas['Donation'];

/** What the add and edit forms hold (on edit the file may be the current file's URL). */
export type DonationInput = FormValuesOf<typeof donationForm.fields>;

/** Its query keys, and the invalidation every write below does. */
export const donations = resource('donations');

export const donationsApi = resourceCalls(donations, donationForm, {
  list: '/api/v1/all/donations',
  get: '/api/v1/single/donation/{id}',
  add: ['post', '/api/v1/add/donation/{userId}'],
  edit: ['post', '/api/v1/edit/donation/{userId}/{id}'],
  remove: ['delete', '/api/v1/donation/{userId}/{id}'],
});
