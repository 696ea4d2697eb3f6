import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isDangerColoured, lookOf } from '../testing/look';
import { renderRoutes, signIn } from '../testing/render';
import { DeleteButton } from './DeleteButton';
import { RowAction, RowActions } from './RowActions';

describe('RowAction', () => {
  it('looks the same as a link and as a button; its Delete wears the danger colour, filled once confirmed', async () => {
    signIn();
    const onDelete = jest.fn(() => Promise.resolve());
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <RowActions>
              <RowAction to="/things/1" aria-label="View details of One">
                View Details
              </RowAction>
              <RowAction onClick={() => undefined} aria-label="Edit One">
                Edit
              </RowAction>
              <RowAction confirmDelete={{ message: 'Are you sure you want to delete this thing?', onDelete }}>
                Delete
              </RowAction>
            </RowActions>
          ),
        },
      ],
      '/',
    );
    const view = screen.getByRole('link', { name: 'View details of One' });
    const edit = screen.getByRole('button', { name: 'Edit One' });
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(lookOf(view)).toEqual(lookOf(edit));
    // Delete has the same shape, in the danger colour: outlined until confirmed.
    expect({ ...lookOf(remove), color: undefined }).toEqual({ ...lookOf(view), color: undefined });
    expect(isDangerColoured(remove)).toBe(true);

    await userEvent.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this thing?');
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(isDangerColoured(confirm)).toBe(true);
    await userEvent.click(confirm);
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("wears the same colours as a page's Delete, so Delete looks one way in lists and on details", () => {
    signIn();
    const onDelete = () => Promise.resolve();
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <RowAction confirmDelete={{ message: 'Are you sure you want to delete this thing?', onDelete }}>
                Delete
              </RowAction>
              <DeleteButton
                label="Delete Thing"
                confirmMessage="Are you sure you want to delete this thing?"
                onDelete={onDelete}
              />
            </>
          ),
        },
      ],
      '/',
    );
    const colours = (name: string) => {
      const { color, background, border } = lookOf(screen.getByRole('button', { name }));
      return { color, background, border };
    };
    expect(colours('Delete')).toEqual(colours('Delete Thing'));
  });
});
