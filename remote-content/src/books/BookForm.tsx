import { DefinedForm, useUploadProgress } from 'shared';
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
    <DefinedForm
      backTo={book ? `/bookshelf/${book._id}` : '/bookshelf'}
      form={bookForm}
      record={book}
      progress={upload.progress}
      onSubmit={save}
      label="Save & Continue"
    />
  );
}
