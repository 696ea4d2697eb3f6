import { recordScreens, useRecord } from 'shared/data';
import { groups, groupsApi } from './api';
import { GroupForm } from './GroupForm';

/** The group of /group/{id} and /group/edit/{id}, or the screen to show while it is not there. */
export const useGroup = () =>
  useRecord(groups, groupsApi.get, {
    what: 'This group',
    notFound: ['Group details not found.', '/group-list', 'Back to Groups'],
  });

/** /group-formation, and /group/edit/{id}: the form prefilled with the stored group. */
export const { AddScreen: AddGroupScreen, EditScreen: EditGroupScreen } = recordScreens(GroupForm, useGroup);
