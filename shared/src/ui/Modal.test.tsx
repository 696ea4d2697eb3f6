import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from './AppProviders';
import { ConfirmDialog } from './Modal';

const renderDialog = () => {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(
    <AppProviders>
      <button>Delete Book</button>
      <ConfirmDialog message="Are you sure you want to delete this book?" onConfirm={onConfirm} onCancel={onCancel} />
    </AppProviders>,
  );
  return { onConfirm, onCancel };
};

describe('ConfirmDialog', () => {
  it('asks the question and confirms', async () => {
    const { onConfirm, onCancel } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this book?');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels with the Cancel button or Escape, and moves focus into the dialog', async () => {
    const { onConfirm, onCancel } = renderDialog();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
