import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import {
  FormButtons,
  FormColumn,
  FormPage,
  notify,
  PictureField,
  SelectField,
  TextField,
  useUploadProgress,
  useUserId,
} from 'shared';
import { BOOK_CATEGORIES, booksApi, type Book, type BookInput } from './api';
import { bookSchema } from './bookSchema';

type BookFormProps = { mode: 'add' } | { mode: 'edit'; book: Book };

/** Add Book (/bookshelf-organizer) and Edit Book (/edit-book/{id}): one form, two modes. */
export function BookForm(props: BookFormProps) {
  const userId = useUserId();
  const navigate = useNavigate();
  const upload = useUploadProgress();
  const book = props.mode === 'edit' ? props.book : undefined;
  const backTo = book ? `/bookshelf/${book._id}` : '/bookshelf';

  const initialValues: BookInput = {
    category: book?.category ?? '',
    bookName: book?.bookName ?? '',
    bookLink: book?.bookLink ?? '',
    // On edit the current cover's URL: sent back unchanged unless a new file is chosen.
    bookImage: book?.bookImage ?? null,
  };

  const save = async (values: BookInput) => {
    try {
      if (book) {
        await upload.run(values.bookImage, (onProgress) => booksApi.update(userId, book._id, values, onProgress));
        notify.success('Book updated successfully');
        void navigate(`/bookshelf/${book._id}`);
      } else {
        await upload.run(values.bookImage, (onProgress) => booksApi.create(userId, values, onProgress));
        notify.success('Book added successfully');
        void navigate('/bookshelf');
      }
    } catch {
      // The client showed the server's message; everything typed stays in the form.
    }
  };

  return (
    // The shell's header already names the screen ('Add Book', 'Edit Book').
    <FormPage backTo={backTo}>
      <Formik initialValues={initialValues} validationSchema={bookSchema(props.mode)} onSubmit={save}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <FormColumn>
              <SelectField name="category" label="Category" placeholder="Select a category" options={BOOK_CATEGORIES} />
              <TextField name="bookName" label="Title" />
              <TextField name="bookLink" label="Link" type="url" placeholder="https://" />
              <PictureField
                name="bookImage"
                words="The cover"
                progress={upload.progress}
                keepsCurrent={Boolean(book)}
              />
              <FormButtons busy={isSubmitting} label="Save & Continue" />
            </FormColumn>
          </Form>
        )}
      </Formik>
    </FormPage>
  );
}
