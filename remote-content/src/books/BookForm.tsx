import { formValues, PictureField, RecordForm, SelectField, TextField, useUploadProgress } from 'shared';
import { useSave } from 'shared/data';
import { BOOK_CATEGORIES, booksApi, type Book, type BookInput } from './api';
import { bookSchema } from './bookSchema';

/** Add Book (/bookshelf-organizer) and Edit Book (/edit-book/{id}): one form, two modes. */
export function BookForm({ record: book }: { record?: Book }) {
  const upload = useUploadProgress();

  // On edit the current cover's URL: sent back unchanged unless a new file is chosen.
  const initialValues = formValues<BookInput>({ category: '', bookName: '', bookLink: '', bookImage: null }, book);

  const save = useSave<BookInput>({
    write: (values, userId) =>
      upload.run(values.bookImage, (onProgress) =>
        book ? booksApi.update(userId, book._id, values, onProgress) : booksApi.create(userId, values, onProgress),
      ),
    toast: book ? 'Book updated successfully' : 'Book added successfully',
    back: book ? `/bookshelf/${book._id}` : '/bookshelf',
  });

  return (
    // The shell's header already names the screen ('Add Book', 'Edit Book').
    <RecordForm
      backTo={book ? `/bookshelf/${book._id}` : '/bookshelf'}
      initialValues={initialValues}
      validationSchema={bookSchema(book ? 'edit' : 'add')}
      onSubmit={save}
      label="Save & Continue"
    >
      <SelectField name="category" label="Category" placeholder="Select a category" options={BOOK_CATEGORIES} />
      <TextField name="bookName" label="Title" />
      <TextField name="bookLink" label="Link" type="url" placeholder="https://" />
      <PictureField name="bookImage" words="The cover" progress={upload.progress} keepsCurrent={Boolean(book)} />
    </RecordForm>
  );
}
