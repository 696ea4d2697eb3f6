import { Type, type Static } from '@sinclair/typebox';
import { Entity, HttpUrl, Input, RequiredText } from '../http/contract';
import type { TableOf } from '../db/schema';
import type { StoredRow } from '../resources/row';

export const LIMITS = { groupName: 300, groupLink: 2000, groupDescription: 5000 } as const;

/** The text fields of the add and edit forms (multipart, with the optional picture as groupImage). */
export const GroupFields = Input(
  'GroupFields',
  {
    groupName: RequiredText(LIMITS.groupName),
    groupLink: HttpUrl(LIMITS.groupLink),
    groupDescription: RequiredText(LIMITS.groupDescription),
  },
  { groupName: 'Name', groupLink: 'Link', groupDescription: 'Description' },
);
export type GroupInput = Static<typeof GroupFields>;

const imageUrl = (description: string) => Type.Union([Type.String({ format: 'uri' }), Type.Null()], { description });

/** A community group (spec §3). */
export const Group = Entity('Group', {
  _id: Type.String(),
  groupName: Type.String(),
  groupLink: Type.String({ format: 'uri' }),
  groupDescription: Type.String(),
  groupImage: imageUrl("Absolute URL of the group's picture, or null (the picture is optional)"),
  file: imageUrl('The same as groupImage (spec §3 lists both; the mobile app may read either)'),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Group = Static<typeof Group>;

/** A stored group (table `groups`). */
export interface GroupRow extends StoredRow, GroupInput {
  /** The picture's file name in DATA_DIR/uploads (never a URL), or null: the picture is optional. */
  groupImage: string | null;
  createdAt: string;
}

declare module '../db/schema' {
  interface Database {
    groups: TableOf<GroupRow>;
  }
}
