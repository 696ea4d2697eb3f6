import { defineResource } from '../resources/definition';
import { resourceRoutes } from '../resources/routes';
import { Prayer, PrayerInput, type PrayerRow } from './schemas';

/** The Section A prayers (spec §3), taken as a JSON body. */
export const prayerResource = defineResource<PrayerRow>({
  table: 'prayers',
  entity: Prayer,
  fields: PrayerInput,
  addedAt: 'createdAt',
  // A section of prayers reads top to bottom.
  listed: 'oldest first',
  activity: { kind: 'Section A prayer', nameColumn: 'title' },
  noun: 'Prayer',
  tag: 'prayers',
  routes: {
    list: { urls: ['/get/prayers'], summary: 'All Section A prayers, in the order they were added (public)' },
    add: { url: '/add/prayer/:userId', summary: 'Add a Section A prayer' },
    edit: { method: 'PUT', url: '/edit/prayer/:userId/:id', summary: 'Edit a Section A prayer' },
    // A POST, as spec §7 has it (the mobile app's backend answers it this way).
    delete: { method: 'POST', url: '/delete/prayer/:userId/:id', summary: 'Delete a Section A prayer (POST, no body)' },
  },
});

export const prayerRoutes = resourceRoutes(prayerResource);
