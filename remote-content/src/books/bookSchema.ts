import { BookFields } from 'api/contract';
import { linkField, pictureField, requiredText } from 'shared';
import * as yup from 'yup';

/** Add and edit book (spec §5); the cover is required on add only. */
export const bookSchema = (mode: 'add' | 'edit') =>
  yup.object({
    category: yup.string().required('Category is required'),
    bookName: requiredText('Title is required', 'Title', BookFields.bookName),
    bookLink: linkField('Link is required', 'Link', BookFields.bookLink),
    bookImage: pictureField(mode === 'add' ? 'Image is required' : undefined),
  });
