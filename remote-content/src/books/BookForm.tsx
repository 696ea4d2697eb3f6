import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  BOOK_CATEGORIES,
  booksApi,
  Button,
  ButtonLink,
  FileField,
  FormActions,
  FormColumn,
  notify,
  PageHeader,
  Panel,
  PICTURE_ACCEPT,
  SelectField,
  TextField,
  useUserId,
  type Book,
  type BookInput,
} from 'shared';
import { bookSchema } from './bookSchema';

type BookFormProps = { mode: 'add' } | { mode: 'edit'; book: Book };

/** Add Book (/bookshelf-organizer) and Edit Book (/edit-book/{id}): one form, two modes. */
export function BookForm(props: BookFormProps) {
  const userId = useUserId();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number>();
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
    const onProgress = values.bookImage instanceof File ? setProgress : undefined;
    try {
      if (book) {
        await booksApi.update(userId, book._id, values, onProgress);
        notify.success('Book updated successfully');
        navigate(`/bookshelf/${book._id}`);
      } else {
        await booksApi.create(userId, values, onProgress);
        notify.success('Book added successfully');
        navigate('/bookshelf');
      }
    } catch {
      // The client showed the server's message; everything typed stays in the form.
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <Panel>
      {/* The shell's header already names the screen ('Add Book', 'Edit Book'). */}
      <PageHeader
        actions={
          <ButtonLink variant="secondary" to={backTo}>
            Back
          </ButtonLink>
        }
      />
      <Formik initialValues={initialValues} validationSchema={bookSchema(props.mode)} onSubmit={save}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <FormColumn>
              <SelectField name="category" label="Category" placeholder="Select a category" options={BOOK_CATEGORIES} />
              <TextField name="bookName" label="Title" />
              <TextField name="bookLink" label="Link" type="url" placeholder="https://" />
              <FileField
                name="bookImage"
                label="Image"
                accept={PICTURE_ACCEPT}
                preview
                progress={progress}
                hint={book ? 'Leave empty to keep the current cover.' : 'JPEG, PNG, GIF or WebP.'}
              />
              <FormActions>
                <Button type="submit" busy={isSubmitting}>
                  Save &amp; Continue
                </Button>
              </FormActions>
            </FormColumn>
          </Form>
        )}
      </Formik>
    </Panel>
  );
}
