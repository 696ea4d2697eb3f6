import { Type } from '@sinclair/typebox';
import type { AboutTable } from '../db/schema';
import { defineResource } from '../resources/definition';
import { About, AboutInput } from './schemas';

/** The About Us text (spec §3): one text, added once and then edited, never deleted. */
export const aboutResource = defineResource<AboutTable>({
  table: 'about',
  entity: About,
  fields: AboutInput,
  addedAt: 'createdAt',
  listed: 'oldest first',
  // At most one text: every row takes slot 1, which the table keeps unique.
  input: (fields, write) => (write === 'add' ? { ...fields, slot: 1 } : fields),
  unique: { columns: ['slot'], taken: () => 'About us content already exists; edit it instead' },
  history: 'about',
  messages: {
    listed: 'About us fetched successfully',
    added: 'About us added successfully',
    updated: 'About us updated successfully',
    notFound: 'About us content not found',
  },
  activity: { kind: 'About Us', nameColumn: 'text' },
  tag: 'about',
  routes: {
    list: {
      urls: ['/about'],
      summary: 'The About Us text, as a list of at most one item (public)',
      // Spec §7: "only the first item of the answer is used".
      data: Type.Array(About, { maxItems: 1 }),
    },
    add: { url: '/post/about/:userId', summary: 'Add the About Us text (409 when there is one: edit it instead)' },
    edit: { method: 'PUT', url: '/edit/about/:userId/:id', summary: 'Edit the About Us text' },
  },
});
