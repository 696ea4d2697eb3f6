import { linkField, pictureField } from 'shared';
import * as yup from 'yup';

/** Add stream and edit stream (spec §5); the image is required on add only. */
export const streamSchema = (mode: 'add' | 'edit') =>
  yup.object({
    category: yup.string().required('Category is required'),
    title: yup.string().trim().required('Title is required'),
    link: linkField('Upload link is required'),
    image: pictureField(mode === 'add' ? 'Image is required' : undefined),
  });
