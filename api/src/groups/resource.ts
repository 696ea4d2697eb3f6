import { defineResource } from '../resources/definition';
import { Group, GroupFields, type GroupRow } from './schemas';

/** The community groups (spec §3). */
export const groupResource = defineResource<GroupRow>({
  table: 'groups',
  entity: Group,
  fields: GroupFields,
  addedAt: 'createdAt',
  listed: 'newest first',
  file: {
    field: 'groupImage',
    column: 'groupImage',
    kind: 'image',
    words: 'The picture',
    onAdd: 'Optional JPEG, PNG, GIF or WebP image (by content)',
    onEdit: "A new JPEG, PNG, GIF or WebP image, or the group's current image URL; absent keeps the image",
    sentAsText: 'The picture must be a picture file',
    foreign: "The picture must be a picture file or the group's current picture URL",
  },
  answer: (row, fileUrl) => {
    const picture = row.groupImage ? fileUrl(row.groupImage) : null;
    return { groupImage: picture, file: picture };
  },
  history: 'groups',
  export: {
    name: 'groups',
    what: 'groups',
    columns: [
      { header: 'Name', column: 'groupName', sort: 'text' },
      { header: 'Link', column: 'groupLink' },
      { header: 'Description', column: 'groupDescription' },
      { header: 'Date Added', column: 'createdAt', as: 'date' },
    ],
    searched: (cell) => [cell('Name'), cell('Link'), cell('Description')],
  },
  activity: { kind: 'group', nameColumn: 'groupName' },
  routes: {
    list: { urls: ['/all/groups', '/all/groups/'] },
    single: { url: '/single/group/:id' },
    add: {
      url: '/add/group/:userId',
      summary: 'Add a group (multipart: groupName, groupLink, groupDescription, optional groupImage)',
    },
    edit: {
      method: 'POST',
      url: '/edit/group/:userId/:id',
      summary: 'Edit a group (multipart, same fields; groupImage optional, kept when absent)',
    },
    delete: { url: '/group/:userId/:id' },
  },
});
