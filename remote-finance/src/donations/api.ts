import { type FileValue, callApi, type ProgressListener } from 'shared';
import type { Schemas } from 'api/contract';
import { resource } from 'shared/data';

/**
 * A donation (spec §3). `fileUrl` is the uploaded file of any type; `donationImage` is the same URL
 * when that file is an image, else null (ARCHITECTURE's deviation).
 */
export type Donation = Schemas['Donation'];

/** What the add and edit forms send: the contract's fields and the file (on edit maybe the current file's URL). */
export type DonationInput = Schemas['DonationFields'] & { file: FileValue };

/** The form as the contract names its fields (a field the server renames or adds breaks this build). */
const form = (input: DonationInput) => ({
  donationName: input.donationName.trim(),
  donationDescription: input.donationDescription.trim(),
  file: input.file,
});

/** Its query keys, and the invalidation every write below does. */
export const donations = resource('donations');

export const donationsApi = {
  list: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/all/donations', { signal })).data,
  get: async (id: string, signal?: AbortSignal) =>
    (await callApi('get', '/api/v1/single/donation/{id}', { params: { id }, signal })).data,
  create: async (userId: string, input: DonationInput, onProgress?: ProgressListener) =>
    donations.write(
      callApi('post', '/api/v1/add/donation/{userId}', { params: { userId }, form: form(input), onProgress }),
    ),
  update: async (userId: string, id: string, input: DonationInput, onProgress?: ProgressListener) =>
    donations.write(
      callApi('post', '/api/v1/edit/donation/{userId}/{id}', { params: { userId, id }, form: form(input), onProgress }),
    ),
  remove: async (userId: string, id: string) =>
    donations.write(callApi('delete', '/api/v1/donation/{userId}/{id}', { params: { userId, id } })),
};
