import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import * as yup from 'yup';
import { AppProviders } from '../providers/AppProviders';
import { stubApi } from '../testing/apiStub';
import { FileField, PictureField } from './FileField';
import { DateField, SelectField, TextField } from './inputs';

// File fields ask the server for its upload limits: answered by the stub's default unless a test says.
beforeEach(() => stubApi({}));

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

function renderForm(
  children: React.ReactNode,
  schema = yup.object({ title: yup.string().required('Title is required') }),
) {
  return render(
    <AppProviders>
      <Formik initialValues={{ title: '', category: '', image: null }} validationSchema={schema} onSubmit={jest.fn()}>
        <form>{children}</form>
      </Formik>
    </AppProviders>,
  );
}

describe('form fields', () => {
  it('binds a visible label and shows the error only once touched', async () => {
    renderForm(<TextField name="title" label="Title" />);
    const input = screen.getByLabelText('Title');
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    await userEvent.click(input);
    await userEvent.tab();
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Title is required');
  });

  it('offers the given options', () => {
    renderForm(<SelectField name="category" label="Category" options={['Devotional', 'Study Materials']} />);
    const select = screen.getByLabelText('Category');
    expect(screen.getByRole('option', { name: 'Devotional' })).toBeInTheDocument();
    expect(select).toHaveValue('');
  });

  it('filters the picker, previews a chosen image and shows upload progress', async () => {
    renderForm(<FileField name="image" label="Image" accept="image/*" preview progress={42} />);
    const picker = screen.getByLabelText('Image');
    expect(picker).toHaveAttribute('accept', 'image/*');
    await userEvent.upload(picker, new File(['x'], 'cover.png', { type: 'image/png' }));
    expect(await screen.findByAltText('Image preview')).toHaveAttribute('src', 'blob:preview');
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42%')).toBeInTheDocument();
  });
});

describe('DateField', () => {
  function renderDate(date = '') {
    const submit = jest.fn();
    render(
      <AppProviders>
        <Formik
          initialValues={{ date }}
          validationSchema={yup.object({ date: yup.string().required('Date is required') })}
          onSubmit={(values) => submit(values)}
        >
          {({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate>
              <DateField name="date" label="Date" />
              <button type="submit">Save</button>
            </form>
          )}
        </Formik>
      </AppProviders>,
    );
    return { submit, input: screen.getByLabelText('Date') };
  }

  it('shows and takes dd/mm/yyyy whatever the browser, and keeps yyyy-mm-dd for the API', async () => {
    const { submit, input } = renderDate('2026-01-05');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('05/01/2026');
    expect(input).toHaveAccessibleDescription('dd/mm/yyyy');
    await userEvent.clear(input);
    await userEvent.type(input, '05/03/2026');
    expect(input).toHaveValue('05/03/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ date: '2026-03-05' }));
  });

  it('puts the slashes in as the digits are typed, and takes one-digit days and months', async () => {
    const { submit, input } = renderDate();
    await userEvent.type(input, '5/3/2026');
    expect(input).toHaveValue('05/03/2026');
    await userEvent.clear(input);
    await userEvent.type(input, '05032026');
    expect(input).toHaveValue('05/03/2026');
    // A day pasted as the API writes it is understood, and shown as every day is.
    await userEvent.clear(input);
    await userEvent.click(input);
    await userEvent.paste('2026-03-05');
    expect(input).toHaveValue('05/03/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ date: '2026-03-05' }));
  });

  it('says why a date is not one, keeps what was typed, and sends nothing', async () => {
    const { submit, input } = renderDate();
    await userEvent.type(input, '31/02/2026');
    await userEvent.tab();
    expect(await screen.findByText('31/02/2026 is not a date: February 2026 has 28 days')).toBeInTheDocument();
    expect(input).toHaveValue('31/02/2026');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('31/02/2026 is not a date: February 2026 has 28 days')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '5 March');
    await userEvent.tab();
    expect(await screen.findByText('Write the date as dd/mm/yyyy, e.g. 05/03/2026')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.tab();
    expect(await screen.findByText('Date is required')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('file fields: the server’s limits, shown and checked before sending', () => {
  const MB = 1024 * 1024;
  /** A file of the given size without building its bytes. */
  const sized = (name: string, type: string, size: number) => {
    const file = new File(['x'], name, { type });
    Object.defineProperty(file, 'size', { value: size });
    return file;
  };

  function renderUpload(field: React.ReactNode) {
    const submit = jest.fn();
    render(
      <AppProviders>
        <Formik initialValues={{ file: null, cover: null }} onSubmit={(values) => submit(values)}>
          {({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate>
              {field}
              <button type="submit">Save</button>
            </form>
          )}
        </Formik>
      </AppProviders>,
    );
    return submit;
  }

  it('shows the limit GET /version gives, and refuses a larger file in the server’s words', async () => {
    stubApi({
      'GET /version': () => [
        200,
        { message: 'ok', data: { uploads: { imageMaxBytes: 2 * MB, fileMaxBytes: 8 * MB } } },
      ],
    });
    const submit = renderUpload(<FileField name="file" label="File" words="The file" types="PDF or any other file" />);
    const picker = screen.getByLabelText('File');
    await waitFor(() => expect(picker).toHaveAccessibleDescription('PDF or any other file, at most 8 MB.'));
    await userEvent.upload(picker, sized('appeal.pdf', 'application/pdf', 8 * MB + 1));
    expect(await screen.findByText('The file is too large (at most 8 MB)')).toBeInTheDocument();
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).not.toHaveBeenCalled();
    const fits = sized('appeal.pdf', 'application/pdf', 8 * MB);
    await userEvent.upload(picker, fits);
    await waitFor(() => expect(screen.queryByText('The file is too large (at most 8 MB)')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ file: fits, cover: null }));
  });

  it('gives pictures the picture limit, in the words of their form', async () => {
    stubApi({});
    renderUpload(<PictureField name="cover" words="The cover" keepsCurrent />);
    const picker = screen.getByLabelText('Image');
    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription(
        'JPEG, PNG, GIF or WebP, at most 5 MB. Leave empty to keep the current picture.',
      ),
    );
    await userEvent.upload(picker, sized('cover.png', 'image/png', 5 * MB + 1));
    expect(await screen.findByText('The cover is too large (at most 5 MB)')).toBeInTheDocument();
  });

  it('still takes a file when the limits cannot be read: the server checks it anyway', async () => {
    stubApi({ 'GET /version': () => [503, { message: 'Busy' }] });
    const submit = renderUpload(<FileField name="file" label="File" />);
    const picker = screen.getByLabelText('File');
    expect(picker).toHaveAccessibleDescription('Any type.');
    const big = sized('big.zip', 'application/zip', 30 * MB);
    await userEvent.upload(picker, big);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ file: big, cover: null }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
