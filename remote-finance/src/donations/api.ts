import { type FileValue, apiClient, pathId, unwrap, toFormData, sendForm, type ProgressListener } from 'shared';

/**
 * A donation (spec §3). `fileUrl` is the uploaded file of any type; `donationImage` is the same URL
 * when that file is an image, else null (ARCHITECTURE's deviation).
 */
export interface Donation {
  _id: string;
  donationName: string;
  donationDescription: string;
  donationImage: string | null;
  fileUrl: string;
  createdAt?: string;
}

/** What the add and edit forms send; on edit `file` may be the current file's URL. */
export interface DonationInput {
  donationName: string;
  donationDescription: string;
  file: FileValue;
}

const body = (input: DonationInput) =>
  toFormData({
    donationName: input.donationName.trim(),
    donationDescription: input.donationDescription.trim(),
    file: input.file,
  });

export const donationsApi = {
  list: (signal?: AbortSignal) => unwrap<Donation[]>(apiClient.get('/all/donations', { signal })),
  get: (id: string, signal?: AbortSignal) =>
    unwrap<Donation>(apiClient.get(`/single/donation/${pathId(id)}`, { signal })),
  create: async (userId: string, input: DonationInput, onProgress?: ProgressListener) =>
    sendForm<Donation>('post', `/add/donation/${pathId(userId)}`, body(input), onProgress),
  update: async (userId: string, id: string, input: DonationInput, onProgress?: ProgressListener) =>
    sendForm<Donation>('post', `/edit/donation/${pathId(userId)}/${pathId(id)}`, body(input), onProgress),
  remove: async (userId: string, id: string) =>
    (await apiClient.delete<{ message: string }>(`/donation/${pathId(userId)}/${pathId(id)}`)).data,
};
