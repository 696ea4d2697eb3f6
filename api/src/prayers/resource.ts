import { defineResource } from '../resources/definition';
import { Prayer, PrayerInput, type PrayerRow } from './schemas';

/** The Section A prayers (spec §3), taken as a JSON body. */
export const prayerResource = defineResource<PrayerRow>({
  table: 'prayers',
  entity: Prayer,
  fields: PrayerInput,
  addedAt: 'createdAt',
  // A section of prayers reads top to bottom.
  listed: 'oldest first',
  history: 'prayers',
  export: {
    name: 'prayers',
    what: 'Section A prayers',
    columns: [
      { header: 'Title', column: 'title', sort: 'text' },
      { header: 'Prayer', column: 'prayer', sort: 'text' },
    ],
    searched: (cell) => [cell('Title'), cell('Prayer')],
  },
  activity: { kind: 'Section A prayer', nameColumn: 'title' },
  tag: 'prayers',
  routes: {
    list: { urls: ['/get/prayers'] },
    add: { url: '/add/prayer/:userId' },
    edit: { method: 'PUT', url: '/edit/prayer/:userId/:id' },
    // A POST, as spec §7 has it (the mobile app's backend answers it this way).
    delete: { method: 'POST', url: '/delete/prayer/:userId/:id' },
  },
});
