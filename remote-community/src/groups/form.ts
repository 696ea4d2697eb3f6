import { GroupFields } from 'api/contract';
import { defineForm } from 'shared';

/**
 * A group's fields (spec §5), in the order of the form: the form, its checks, what it sends and the
 * rows of the details screen follow from this list. The picture is optional on add and edit.
 */
export const groupForm = defineForm([
  {
    name: 'groupName',
    label: 'Name',
    kind: 'text',
    required: 'Name is required',
    limit: GroupFields.groupName,
    details: false,
  },
  { name: 'groupLink', label: 'Link', kind: 'url', required: 'Link is required', limit: GroupFields.groupLink },
  {
    name: 'groupDescription',
    label: 'Description',
    kind: 'textarea',
    rows: 5,
    required: 'Description is required',
    limit: GroupFields.groupDescription,
  },
  { name: 'groupImage', label: 'Image', kind: 'image', words: 'The picture' },
  { name: 'createdAt', label: 'Date Added', kind: 'added' },
]);
