import { StreamFields } from 'api/contract';
import { defineForm } from 'shared';

/**
 * A live stream's fields (spec §5), in the order of the form, as the form names them and as the API
 * does (`sent`): the form, its checks and what it sends follow from this list. The image is required
 * on add only.
 */
export const streamForm = defineForm([
  {
    name: 'category',
    label: 'Category',
    kind: 'select',
    options: StreamFields.category.enum,
    required: 'Category is required',
  },
  {
    name: 'title',
    sent: 'name',
    label: 'Title',
    kind: 'text',
    required: 'Title is required',
    limit: StreamFields.name,
  },
  {
    name: 'link',
    sent: 'streamingLink',
    label: 'Link',
    says: 'Upload link',
    kind: 'url',
    required: 'Upload link is required',
    limit: StreamFields.streamingLink,
  },
  {
    name: 'image',
    sent: 'file',
    stored: 'image',
    label: 'Image',
    kind: 'image',
    words: 'The thumbnail',
    required: { add: 'Image is required' },
  },
]);
