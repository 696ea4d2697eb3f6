import { apiClient, pathId, unwrap, type ApiEnvelope } from 'shared';
import type { Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** A Section A prayer (spec §3). */
export type Prayer = Schemas['Prayer'];

export type PrayerInput = Schemas['PrayerInput'];

const body = (input: PrayerInput): PrayerInput => ({ title: input.title.trim(), prayer: input.prayer.trim() });

/** Its query keys, and the invalidation every write below does. */
export const prayers = resource('prayers');

export const prayersApi = {
  list: (signal?: AbortSignal) => unwrap<Prayer[]>(apiClient.get('/get/prayers', { signal })),
  create: async (userId: string, input: PrayerInput) =>
    prayers.write((await apiClient.post<ApiEnvelope<Prayer>>(`/add/prayer/${pathId(userId)}`, body(input))).data),
  update: async (userId: string, id: string, input: PrayerInput) =>
    prayers.write(
      (await apiClient.put<ApiEnvelope<Prayer>>(`/edit/prayer/${pathId(userId)}/${pathId(id)}`, body(input))).data,
    ),
  /** A POST, as spec §7 has it. */
  remove: async (userId: string, id: string) =>
    prayers.write((await apiClient.post<{ message: string }>(`/delete/prayer/${pathId(userId)}/${pathId(id)}`)).data),
};
