import type { Schemas } from 'api/contract';
import { type FormValuesOf } from 'shared';
import { recordKind, resourceWithCalls } from 'shared/data';
import { groupForm } from './form';

/** A community group (spec §3). `groupImage` is the picture's absolute URL, or null (it is optional). */
export type Group = Schemas['Group'];

/** What the add and edit forms hold (on edit the picture may be the current picture's URL). */
export type GroupInput = FormValuesOf<typeof groupForm.fields>;

/** Its query keys (with the invalidation every write below does), and its calls. */
export const [groups, groupsApi] = resourceWithCalls('groups', groupForm, {
  list: '/api/v1/all/groups',
  get: '/api/v1/single/group/{id}',
  add: ['post', '/api/v1/add/group/{userId}'],
  edit: ['post', '/api/v1/edit/group/{userId}/{id}'],
  remove: ['delete', '/api/v1/group/{userId}/{id}'],
});

/**
 * A group as its screens show it: its toasts, back links and labels follow from this. Deviation
 * (ARCHITECTURE): edit goes back to the group's details, not to /group-formation/{id}.
 */
export const groupKind = recordKind<Group, typeof groupForm.fields>({
  noun: 'Group',
  resource: groups,
  form: groupForm,
  calls: groupsApi,
  list: '/group-list',
  details: (id) => `/group/${id}`,
  edit: (id) => `/group/edit/${id}`,
  missing: { notFound: 'Group details not found.', backLabel: 'Back to Groups' },
});
