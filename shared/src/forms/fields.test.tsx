import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import * as yup from 'yup';
import { AppProviders } from '../ui/AppProviders';
import { FileField } from './FileField';
import { DateField, SelectField, TextField } from './inputs';

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
