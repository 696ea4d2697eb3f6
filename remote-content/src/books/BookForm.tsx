import { DefinedFields, RecordForm, useUploadProgress } from 'shared';
import { useSave } from 'shared/data';
import { booksApi, type Book, type BookInput } from './api';
import { bookForm } from './form';

/** Add Book (/bookshelf-organizer) and Edit Book (/edit-book/{id}): one form, two modes. */
export function BookForm({ record: book }: { record?: Book }) {
  const upload = useUploadProgress();

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
      // On edit the current cover's URL: sent back unchanged unless a new file is chosen.
      initialValues={bookForm.values(book)}
      validationSchema={bookForm.schema(book ? 'edit' : 'add')}
      onSubmit={save}
      label="Save & Continue"
    >
      <DefinedFields form={bookForm} record={book} progress={upload.progress} />
    </RecordForm>
  );
}
