import { type FileValue, callApi, type ProgressListener } from 'shared';
import type { Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** A community group (spec §3). `groupImage` is the picture's absolute URL, or null (it is optional). */
export type Group = Schemas['Group'];

/** What the add and edit forms send: the contract's fields and the picture (on edit maybe the current picture's URL). */
export type GroupInput = Schemas['GroupFields'] & { groupImage: FileValue };

/** The form as the contract names its fields (a field the server renames or adds breaks this build). */
const form = (input: GroupInput) => ({
  groupName: input.groupName.trim(),
  groupLink: input.groupLink.trim(),
  groupDescription: input.groupDescription.trim(),
  groupImage: input.groupImage,
});

/** Its query keys, and the invalidation every write below does. */
export const groups = resource('groups');

export const groupsApi = {
  list: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/all/groups', { signal })).data,
  get: async (id: string, signal?: AbortSignal) =>
    (await callApi('get', '/api/v1/single/group/{id}', { params: { id }, signal })).data,
  create: async (userId: string, input: GroupInput, onProgress?: ProgressListener) =>
    groups.write(callApi('post', '/api/v1/add/group/{userId}', { params: { userId }, form: form(input), onProgress })),
  update: async (userId: string, id: string, input: GroupInput, onProgress?: ProgressListener) =>
    groups.write(
      callApi('post', '/api/v1/edit/group/{userId}/{id}', { params: { userId, id }, form: form(input), onProgress }),
    ),
  remove: async (userId: string, id: string) =>
    groups.write(callApi('delete', '/api/v1/group/{userId}/{id}', { params: { userId, id } })),
};
