import { ControlledForm, recordFormScreens, type RecordController } from 'shared/data';
import { bookKind, type Book, type BookInput } from './api';
import { bookForm } from './form';

/** Add Book (/bookshelf-organizer) and Edit Book (/edit-book/{id}): one form, two modes. */
export function BookForm({ controller }: { controller: RecordController<Book, BookInput> }) {
  // The shell's header already names the screen ('Add Book', 'Edit Book').
  return <ControlledForm controller={controller} form={bookForm} label="Save & Continue" />;
}

/** /bookshelf-organizer, and /edit-book/{id}: the form prefilled with the stored book. */
export const { AddScreen: AddBookScreen, EditScreen: EditBookScreen } = recordFormScreens(bookKind, BookForm);
