import { ControlledForm, recordFormScreens, type RecordController } from 'shared/data';
import { groupKind, type Group, type GroupInput } from './api';
import { groupForm } from './form';

/** Add Group (/group-formation) and Edit Group (/group/edit/{id}): one form, two modes. */
export function GroupForm({ controller }: { controller: RecordController<Group, GroupInput> }) {
  // The shell's header already names the screen ('Add Group', 'Edit Group').
  const label = controller.mode === 'edit' ? 'Save Changes' : 'Add Group';
  return <ControlledForm controller={controller} form={groupForm} label={label} />;
}

/** /group-formation, and /group/edit/{id}: the form prefilled with the stored group. */
export const { AddScreen: AddGroupScreen, EditScreen: EditGroupScreen } = recordFormScreens(groupKind, GroupForm);
