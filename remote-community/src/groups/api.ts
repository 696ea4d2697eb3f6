import { type FileValue, apiClient, pathId, unwrap, toFormData, sendForm, type ProgressListener } from 'shared';
import type { Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** A community group (spec §3). `groupImage` is the picture's absolute URL, or null (it is optional). */
export type Group = Schemas['Group'];

/** What the add and edit forms send: the contract's fields and the picture (on edit maybe the current picture's URL). */
export type GroupInput = Schemas['GroupFields'] & { groupImage: FileValue };

/** The form as the contract names its fields (a field the server renames or adds breaks this build). */
const body = (input: GroupInput) => {
  const fields: Record<keyof Schemas['GroupFields'], string> = {
    groupName: input.groupName.trim(),
    groupLink: input.groupLink.trim(),
    groupDescription: input.groupDescription.trim(),
  };
  return toFormData({ ...fields, groupImage: input.groupImage });
};

/** Its query keys, and the invalidation every write below does. */
export const groups = resource('groups');

export const groupsApi = {
  list: (signal?: AbortSignal) => unwrap<Group[]>(apiClient.get('/all/groups', { signal })),
  get: (id: string, signal?: AbortSignal) => unwrap<Group>(apiClient.get(`/single/group/${pathId(id)}`, { signal })),
  create: async (userId: string, input: GroupInput, onProgress?: ProgressListener) =>
    groups.write(sendForm<Group>('post', `/add/group/${pathId(userId)}`, body(input), onProgress)),
  update: async (userId: string, id: string, input: GroupInput, onProgress?: ProgressListener) =>
    groups.write(sendForm<Group>('post', `/edit/group/${pathId(userId)}/${pathId(id)}`, body(input), onProgress)),
  remove: async (userId: string, id: string) =>
    groups.write((await apiClient.delete<{ message: string }>(`/group/${pathId(userId)}/${pathId(id)}`)).data),
};
