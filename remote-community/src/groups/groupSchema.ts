import { GroupFields } from 'api/contract';
import { linkField, pictureField, requiredText } from 'shared';
import * as yup from 'yup';

/** Add and edit group (spec §5): the image is optional on both, and must be an image file. */
export const groupSchema = yup.object({
  groupName: requiredText('Name is required', 'Name', GroupFields.groupName),
  groupLink: linkField('Link is required', 'Link', GroupFields.groupLink),
  groupDescription: requiredText('Description is required', 'Description', GroupFields.groupDescription),
  groupImage: pictureField(),
});
