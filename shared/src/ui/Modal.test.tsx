import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// A screen that asks has loaded what can show a toast, and with it the page's toast container.
import '../notify/notify';
import { AppProviders } from '../providers/AppProviders';
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

  it('makes the page behind inert while open, except the toasts, and gives it back after', () => {
    const { unmount } = render(
      <AppProviders>
        <button>Delete Book</button>
        <ConfirmDialog message="Sure?" onConfirm={jest.fn()} onCancel={jest.fn()} />
      </AppProviders>,
    );
    const behind = screen.getByRole('button', { name: 'Delete Book', hidden: true });
    expect(behind.closest('[inert]')).not.toBeNull();
    expect(screen.getByRole('dialog').closest('[inert]')).toBeNull();
    const toasts = document.querySelector('.Toastify');
    expect(toasts).not.toBeNull();
    expect(toasts!.closest('[inert]')).toBeNull();
    unmount();
    expect(document.querySelectorAll('[inert]')).toHaveLength(0);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    renderDialog();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(cancel).toHaveFocus();
    await userEvent.tab();
    expect(confirm).toHaveFocus();
    await userEvent.tab();
    expect(cancel).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(confirm).toHaveFocus();
  });
});
