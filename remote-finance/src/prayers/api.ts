import type { Schemas } from 'api/contract';
import { recordKind, resourceWithCalls } from 'shared/data';
import { prayerForm } from './form';

/** A Section A prayer (spec §3). */
export type Prayer = Schemas['Prayer'];

/** Its query keys (with the invalidation every write below does), and its calls. */
export const [prayers, prayersApi] = resourceWithCalls('prayers', prayerForm, {
  list: '/api/v1/get/prayers',
  add: ['post', '/api/v1/add/prayer/{userId}'],
  edit: ['put', '/api/v1/edit/prayer/{userId}/{id}'],
  // A POST, as spec §7 has it.
  remove: ['post', '/api/v1/delete/prayer/{userId}/{id}'],
});

/** A Section A prayer as its screens show it: added on a page of its own, edited in its list's modal. */
export const prayerKind = recordKind<Prayer, typeof prayerForm.fields>({
  noun: 'Prayer',
  resource: prayers,
  form: prayerForm,
  calls: prayersApi,
  list: '/prayers',
});
