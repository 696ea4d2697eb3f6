import { BookFields } from 'api/contract';
import { defineForm } from 'shared';

/**
 * A book's fields (spec §5), in the order of the form: the form, its checks, what it sends and the
 * rows of the details screen follow from this list. The cover is required on add only.
 */
export const bookForm = defineForm([
  {
    name: 'category',
    label: 'Category',
    kind: 'select',
    options: BookFields.category.enum,
    required: 'Category is required',
  },
  {
    name: 'bookName',
    label: 'Title',
    kind: 'text',
    required: 'Title is required',
    limit: BookFields.bookName,
    details: false,
  },
  { name: 'dateAdded', label: 'Date Added', kind: 'added' },
  { name: 'bookLink', label: 'Link', kind: 'url', required: 'Link is required', limit: BookFields.bookLink },
  { name: 'bookImage', label: 'Image', kind: 'image', words: 'The cover', required: { add: 'Image is required' } },
]);
