import { linkField, pictureField } from 'shared';
import * as yup from 'yup';

/** Add and edit book (spec §5); the cover is required on add only. */
export const bookSchema = (mode: 'add' | 'edit') =>
  yup.object({
    category: yup.string().required('Category is required'),
    bookName: yup.string().trim().required('Title is required'),
    bookLink: linkField('Link is required'),
    bookImage: pictureField(mode === 'add' ? 'Image is required' : undefined),
  });
