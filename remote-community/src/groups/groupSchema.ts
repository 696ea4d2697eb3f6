import { linkField, pictureField } from 'shared';
import * as yup from 'yup';

/** Add and edit group (spec §5): the image is optional on both, and must be an image file. */
export const groupSchema = yup.object({
  groupName: yup.string().trim().required('Name is required'),
  groupLink: linkField('Link is required'),
  groupDescription: yup.string().trim().required('Description is required'),
  groupImage: pictureField(),
});
