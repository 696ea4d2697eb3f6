import { defineResource } from '../resources/definition';
import { Stream, StreamFields, type StreamRow } from './schemas';

/** The live streams (spec §3). */
export const streamResource = defineResource<StreamRow>({
  table: 'streams',
  entity: Stream,
  fields: StreamFields,
  addedAt: 'createdAt',
  listed: 'newest first',
  file: {
    field: 'file',
    column: 'image',
    kind: 'image',
    words: 'The thumbnail',
    onAdd: 'JPEG, PNG, GIF or WebP image (by content)',
    onEdit: "A new JPEG, PNG, GIF or WebP image, or the stream's current image URL; absent keeps it",
    required: 'The thumbnail is required',
    sentAsText: 'The thumbnail must be a picture file',
    foreign: "The thumbnail must be a picture file or the stream's current thumbnail URL",
  },
  answer: (row, fileUrl) => ({ id: row._id, image: fileUrl(row.image), dateAdded: row.createdAt }),
  history: 'streams',
  export: {
    name: 'live-streams',
    what: 'live streams',
    columns: [
      { header: 'Title', column: 'name', sort: 'text' },
      { header: 'Category', column: 'category' },
      { header: 'Stream Link', column: 'streamingLink' },
      { header: 'Date Added', column: 'createdAt', as: 'date' },
    ],
    searched: (cell) => [cell('Title'), cell('Stream Link'), cell('Category')],
  },
  activity: { kind: 'live stream', nameColumn: 'name' },
  routes: {
    list: { urls: ['/stream'] },
    add: {
      url: '/add/stream/:userId',
      summary: 'Add a live stream (multipart: streamingLink, name, category, file)',
    },
    edit: {
      method: 'PUT',
      url: '/edit/stream/:userId/:id',
      summary: 'Edit a live stream (multipart, same fields; file optional)',
    },
    delete: { url: '/delete/stream/:userId/:id' },
  },
});
