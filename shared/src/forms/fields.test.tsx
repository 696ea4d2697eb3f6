import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import * as yup from 'yup';
import { AppProviders } from '../ui/AppProviders';
import { FileField } from './FileField';
import { SelectField, TextField } from './inputs';

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
