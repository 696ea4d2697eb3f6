import type { Schemas } from 'api/contract';
import { type FormValuesOf } from 'shared';
import { recordKind, resourceWithCalls } from 'shared/data';
import { streamForm } from './form';

/** A live stream (spec §3). `image` is the thumbnail's absolute URL. */
export type Stream = Schemas['Stream'];

/** The form's fields (category, title, link, image), sent as category, name, streamingLink and file. */
export type StreamInput = FormValuesOf<typeof streamForm.fields>;

/** Its query keys (with the invalidation every write below does), and its calls. */
export const [streams, streamsApi] = resourceWithCalls('streams', streamForm, {
  list: '/api/v1/stream',
  add: ['post', '/api/v1/add/stream/{userId}'],
  edit: ['put', '/api/v1/edit/stream/{userId}/{id}'],
  remove: ['delete', '/api/v1/delete/stream/{userId}/{id}'],
});

/**
 * A stream as its screens show it: its toasts, back links and labels follow from this. It has no
 * details screen: an edit returns to the list (the spec has no single-stream call: it is looked up
 * there), and the add form empties after a successful save and stays (spec §4).
 */
export const streamKind = recordKind<Stream, typeof streamForm.fields>({
  noun: 'Stream',
  resource: streams,
  form: streamForm,
  calls: streamsApi,
  list: '/live-streaming',
  edit: (id) => `/live-streaming/edit/${id}`,
  addsAgain: true,
  missing: { notFound: 'Stream not found.', backLabel: 'Back to Live Streaming' },
});
