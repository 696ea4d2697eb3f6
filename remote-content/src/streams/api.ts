import { type FileValue, apiClient, pathId, unwrap, toFormData, sendForm, type ProgressListener } from 'shared';

/** Spelled as the spec spells them (§9). */
export const STREAM_CATEGORIES = ['Live Events', 'Prayer Session', 'Lithurgical Celebration'] as const;

/** A live stream (spec §3). `image` is the thumbnail's absolute URL. */
export interface Stream {
  _id: string;
  id: string;
  name: string;
  streamingLink: string;
  image: string;
  category: string;
  dateAdded?: string;
}

/** The form's fields (category, title, link, image), sent as streamingLink, name, category and file. */
export interface StreamInput {
  category: string;
  title: string;
  link: string;
  image: FileValue;
}

const body = (input: StreamInput) =>
  toFormData({
    streamingLink: input.link.trim(),
    name: input.title.trim(),
    category: input.category,
    file: input.image,
  });

export const streamsApi = {
  list: (signal?: AbortSignal) => unwrap<Stream[]>(apiClient.get('/stream', { signal })),
  create: async (userId: string, input: StreamInput, onProgress?: ProgressListener) =>
    sendForm<Stream>('post', `/add/stream/${pathId(userId)}`, body(input), onProgress),
  update: async (userId: string, id: string, input: StreamInput, onProgress?: ProgressListener) =>
    sendForm<Stream>('put', `/edit/stream/${pathId(userId)}/${pathId(id)}`, body(input), onProgress),
  remove: async (userId: string, id: string) =>
    (await apiClient.delete<{ message: string }>(`/delete/stream/${pathId(userId)}/${pathId(id)}`)).data,
};
