import { StreamFields } from 'api/contract';
import { linkField, pictureField, requiredText } from 'shared';
import * as yup from 'yup';

/** Add stream and edit stream (spec §5); the image is required on add only. */
export const streamSchema = (mode: 'add' | 'edit') =>
  yup.object({
    category: yup.string().required('Category is required'),
    title: requiredText('Title is required', 'Title', StreamFields.name),
    link: linkField('Upload link is required', 'Upload link', StreamFields.streamingLink),
    image: pictureField(mode === 'add' ? 'Image is required' : undefined),
  });
