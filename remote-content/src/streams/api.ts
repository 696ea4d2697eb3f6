import { type FileValue, callApi, type ProgressListener } from 'shared';
import { StreamFields, type Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** The three categories, as the server accepts them (spelled as the spec spells them, §9). */
export const STREAM_CATEGORIES = StreamFields.category.enum;

/** A live stream (spec §3). `image` is the thumbnail's absolute URL. */
export type Stream = Schemas['Stream'];

/** The form's fields (category, title, link, image), sent as streamingLink, name, category and file. */
export interface StreamInput {
  category: string;
  title: string;
  link: string;
  image: FileValue;
}

/** The form as the contract names its fields (a field the server renames or adds breaks this build). */
const form = (input: StreamInput) => ({
  streamingLink: input.link.trim(),
  name: input.title.trim(),
  category: input.category,
  file: input.image,
});

/** Its query keys, and the invalidation every write below does. */
export const streams = resource('streams');

export const streamsApi = {
  list: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/stream', { signal })).data,
  create: async (userId: string, input: StreamInput, onProgress?: ProgressListener) =>
    streams.write(
      callApi('post', '/api/v1/add/stream/{userId}', { params: { userId }, form: form(input), onProgress }),
    ),
  update: async (userId: string, id: string, input: StreamInput, onProgress?: ProgressListener) =>
    streams.write(
      callApi('put', '/api/v1/edit/stream/{userId}/{id}', { params: { userId, id }, form: form(input), onProgress }),
    ),
  remove: async (userId: string, id: string) =>
    streams.write(callApi('delete', '/api/v1/delete/stream/{userId}/{id}', { params: { userId, id } })),
};
