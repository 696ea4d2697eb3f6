import { type FileValue, apiClient, pathId, unwrap, toFormData, sendForm, type ProgressListener } from 'shared';

/** A community group (spec §3). `groupImage` is the picture's absolute URL, or null (it is optional). */
export interface Group {
  _id: string;
  groupName: string;
  groupLink: string;
  groupDescription: string;
  groupImage: string | null;
  /** The same URL as groupImage. */
  file?: string | null;
  createdAt?: string;
}

/** What the add and edit forms send; on edit `groupImage` may be the current picture's URL. */
export interface GroupInput {
  groupName: string;
  groupLink: string;
  groupDescription: string;
  groupImage: FileValue;
}

const body = (input: GroupInput) =>
  toFormData({
    groupName: input.groupName.trim(),
    groupLink: input.groupLink.trim(),
    groupDescription: input.groupDescription.trim(),
    groupImage: input.groupImage,
  });

export const groupsApi = {
  list: (signal?: AbortSignal) => unwrap<Group[]>(apiClient.get('/all/groups', { signal })),
  get: (id: string, signal?: AbortSignal) => unwrap<Group>(apiClient.get(`/single/group/${pathId(id)}`, { signal })),
  create: async (userId: string, input: GroupInput, onProgress?: ProgressListener) =>
    sendForm<Group>('post', `/add/group/${pathId(userId)}`, body(input), onProgress),
  update: async (userId: string, id: string, input: GroupInput, onProgress?: ProgressListener) =>
    sendForm<Group>('post', `/edit/group/${pathId(userId)}/${pathId(id)}`, body(input), onProgress),
  remove: async (userId: string, id: string) =>
    (await apiClient.delete<{ message: string }>(`/group/${pathId(userId)}/${pathId(id)}`)).data,
};
