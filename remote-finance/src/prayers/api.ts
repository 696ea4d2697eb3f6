import { callApi } from 'shared';
import type { Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** A Section A prayer (spec §3). */
export type Prayer = Schemas['Prayer'];

export type PrayerInput = Schemas['PrayerInput'];

const body = (input: PrayerInput): PrayerInput => ({ title: input.title.trim(), prayer: input.prayer.trim() });

/** Its query keys, and the invalidation every write below does. */
export const prayers = resource('prayers');

export const prayersApi = {
  list: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/get/prayers', { signal })).data,
  create: async (userId: string, input: PrayerInput) =>
    prayers.write(callApi('post', '/api/v1/add/prayer/{userId}', { params: { userId }, body: body(input) })),
  update: async (userId: string, id: string, input: PrayerInput) =>
    prayers.write(callApi('put', '/api/v1/edit/prayer/{userId}/{id}', { params: { userId, id }, body: body(input) })),
  /** A POST, as spec §7 has it. */
  remove: async (userId: string, id: string) =>
    prayers.write(callApi('post', '/api/v1/delete/prayer/{userId}/{id}', { params: { userId, id } })),
};
