import { type FileValue, apiClient, pathId, unwrap, toFormData, sendForm, type ProgressListener } from 'shared';
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
const body = (input: DonationInput) => {
  const fields: Record<keyof Schemas['DonationFields'], string> = {
    donationName: input.donationName.trim(),
    donationDescription: input.donationDescription.trim(),
  };
  return toFormData({ ...fields, file: input.file });
};

/** Its query keys, and the invalidation every write below does. */
export const donations = resource('donations');

export const donationsApi = {
  list: (signal?: AbortSignal) => unwrap<Donation[]>(apiClient.get('/all/donations', { signal })),
  get: (id: string, signal?: AbortSignal) =>
    unwrap<Donation>(apiClient.get(`/single/donation/${pathId(id)}`, { signal })),
  create: async (userId: string, input: DonationInput, onProgress?: ProgressListener) =>
    donations.write(sendForm<Donation>('post', `/add/donation/${pathId(userId)}`, body(input), onProgress)),
  update: async (userId: string, id: string, input: DonationInput, onProgress?: ProgressListener) =>
    donations.write(
      sendForm<Donation>('post', `/edit/donation/${pathId(userId)}/${pathId(id)}`, body(input), onProgress),
    ),
  remove: async (userId: string, id: string) =>
    donations.write((await apiClient.delete<{ message: string }>(`/donation/${pathId(userId)}/${pathId(id)}`)).data),
};
