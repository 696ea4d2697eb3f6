import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, stubApi } from 'shared/testing';
import App from '../App';

describe('Settings', () => {
  it("offers the spec's countries and roles, marked as sample data, with no server calls", async () => {
    const calls = stubApi({});
    renderRoutes([{ path: '*', element: <App /> }], '/settings');
    expect(screen.getByRole('note')).toHaveTextContent('nothing on it is saved');
    const country = screen.getByLabelText('Country');
    const options = Array.from((country as HTMLSelectElement).options).map((option) => option.text);
    expect(options).toEqual(['Nigeria', 'Ghana', 'Togo', 'Cameroon']);
    const role = screen.getByLabelText('Role of Kwame Mensah');
    expect(Array.from((role as HTMLSelectElement).options).map((option) => option.text)).toEqual([
      'Admin',
      'Guest User',
      'Manager',
    ]);
    await userEvent.selectOptions(role, 'Admin');
    expect(role).toHaveValue('Admin');
    expect(screen.queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
