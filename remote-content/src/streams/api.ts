import { type FileValue, apiClient, pathId, unwrap, toFormData, sendForm, type ProgressListener } from 'shared';
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
const body = (input: StreamInput) => {
  const fields: Record<keyof Schemas['StreamFields'], string> = {
    streamingLink: input.link.trim(),
    name: input.title.trim(),
    category: input.category,
  };
  return toFormData({ ...fields, file: input.image });
};

/** Its query keys, and the invalidation every write below does. */
export const streams = resource('streams');

export const streamsApi = {
  list: (signal?: AbortSignal) => unwrap<Stream[]>(apiClient.get('/stream', { signal })),
  create: async (userId: string, input: StreamInput, onProgress?: ProgressListener) =>
    streams.write(sendForm<Stream>('post', `/add/stream/${pathId(userId)}`, body(input), onProgress)),
  update: async (userId: string, id: string, input: StreamInput, onProgress?: ProgressListener) =>
    streams.write(sendForm<Stream>('put', `/edit/stream/${pathId(userId)}/${pathId(id)}`, body(input), onProgress)),
  remove: async (userId: string, id: string) =>
    streams.write((await apiClient.delete<{ message: string }>(`/delete/stream/${pathId(userId)}/${pathId(id)}`)).data),
};
