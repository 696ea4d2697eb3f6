import { callApi } from 'shared';
import type { Schemas } from 'api/contract';
import { recordKindOf, resource } from 'shared/data';

/** The About Us text (spec §3). */
export type About = Schemas['About'];

const body = (text: string): Schemas['AboutInput'] => ({ text: text.trim() });

/** Its query keys, and the invalidation every write below does. */
export const aboutUs = resource('about');

export const aboutApi = {
  /** Only the first item of the answer is used (spec §7); null while there is none. */
  get: async (signal?: AbortSignal): Promise<About | null> =>
    (await callApi('get', '/api/v1/about', { signal })).data[0] ?? null,
  create: async (userId: string, text: string) =>
    aboutUs.write(callApi('post', '/api/v1/post/about/{userId}', { params: { userId }, body: body(text) })),
  update: async (userId: string, id: string, text: string) =>
    aboutUs.write(callApi('put', '/api/v1/edit/about/{userId}/{id}', { params: { userId, id }, body: body(text) })),
};

/** About Us as its screens show it: added on a page of its own, edited in a modal, never deleted. */
export const aboutKind = recordKindOf<About, { text: string }>({
  noun: 'About us',
  resource: aboutUs,
  calls: {
    create: (userId, { text }) => aboutApi.create(userId, text),
    update: (userId, id, { text }) => aboutApi.update(userId, id, text),
  },
  list: '/about',
});
