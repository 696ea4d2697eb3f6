import { Type, type Static } from '@sinclair/typebox';
import { Entity } from '../http/contract';

/** A trash entry as the API answers it: the route's schema, and the store's type derived from it. */
export const TrashEntry = Entity('TrashEntry', {
  _id: Type.String(),
  kind: Type.String({ description: "The kind of record, as Settings → Activity names it ('book')" }),
  title: Type.String({ description: "The record's name, or what a Delete All removed ('All prayer requests')" }),
  records: Type.Integer({ description: 'How many records the delete removed' }),
  deletedBy: Type.String({ description: 'Who deleted it, as they were then: their name, or their email' }),
  deletedAt: Type.String({ description: 'ISO time of the delete' }),
});
export type TrashEntry = Static<typeof TrashEntry>;
