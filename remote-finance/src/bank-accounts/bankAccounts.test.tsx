import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from 'shared';
import { type BankAccount } from './api';
import { isDangerColoured, lookOf, renderRoutes, rowActionLook, signIn, stubApi } from 'shared/testing';
import App from '../App';

const userId = '0123456789abcdef01234567';
const first: BankAccount = {
  _id: 'a'.repeat(24),
  bankName: 'First Bank',
  bankAccountNumber: '0012345678',
  bankAccountHolderName: 'St. Mary Parish',
  bankRoutingNumber: '021000021',
  bankSwiftCode: 'FBNINGLA',
  currency: 'NGN',
  createdAt: '2026-03-01T08:00:00.000Z',
};
const second: BankAccount = {
  _id: 'b'.repeat(24),
  bankName: 'Zenith Bank',
  bankAccountNumber: '1098765432',
  bankAccountHolderName: 'Parish Youth Fund',
  bankRoutingNumber: '',
  bankSwiftCode: '',
  currency: 'USD',
  createdAt: '2026-03-02T08:00:00.000Z',
};

const render = (path: string) => renderRoutes([{ path: '*', element: <App /> }], path);
const ok = (data: unknown): [number, unknown] => [200, { message: 'ok', data }];

beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});

describe('Bank accounts list', () => {
  it('offers a role without the finance permission no Add Account, Edit or Delete (the server refuses them)', async () => {
    signIn(userId, ['content']);
    stubApi({ 'GET /all/accounts': () => ok([first, second]) });
    render('/bank-accounts');
    const table = await screen.findByRole('table', { name: 'Bank accounts' });
    expect(within(table).queryByRole('columnheader', { name: 'Action' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Account' })).not.toBeInTheDocument();
  });

  it('gives Edit the one look of row actions, as on Live Streaming, and Delete the danger colour', async () => {
    stubApi({ 'GET /all/accounts': () => ok([first]) });
    render('/bank-accounts');
    const table = await screen.findByRole('table', { name: 'Bank accounts' });
    expect(lookOf(within(table).getByRole('button', { name: 'Edit' }))).toEqual(rowActionLook());
    expect(isDangerColoured(within(table).getByRole('button', { name: 'Delete' }))).toBe(true);
  });

  it('keeps the bank name and every header on one line, and the one Action column narrow', async () => {
    stubApi({ 'GET /all/accounts': () => ok([first]) });
    render('/bank-accounts');
    const table = await screen.findByRole('table', { name: 'Bank accounts' });
    for (const header of within(table).getAllByRole('columnheader')) {
      expect(getComputedStyle(header).whiteSpace).toBe('nowrap');
    }
    expect(within(table).queryByRole('columnheader', { name: 'Edit' })).not.toBeInTheDocument();
    expect(getComputedStyle(within(table).getByRole('columnheader', { name: 'Action' })).width).toBe('1%');
    const bankName = within(table).getByText('First Bank');
    expect(getComputedStyle(bankName).whiteSpace).toBe('nowrap');
    expect(bankName).toHaveAttribute('title', 'First Bank');
  });

  it('shows S/N, bank name, account number (leading zeros kept), holder, routing number, swift code, currency', async () => {
    stubApi({ 'GET /all/accounts': () => ok([first, second]) });
    render('/bank-accounts');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Bank accounts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'S/N',
      'Bank Name',
      'Account Number',
      'Account Holder',
      'Routing Number',
      'Swift Code',
      'Currency',
      'Action',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .slice(0, 7)
        .map((td) => td.textContent),
    ).toEqual(['1', 'First Bank', '0012345678', 'St. Mary Parish', '021000021', 'FBNINGLA', 'NGN']);
    expect(within(rows[1]).getAllByRole('cell')[0]).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Add Account' })).toHaveAttribute('href', '/add-bank-account');
  });

  it('shows the empty text', async () => {
    stubApi({ 'GET /all/accounts': () => ok([]) });
    render('/bank-accounts');
    expect(await screen.findByText('No bank accounts available.')).toBeInTheDocument();
  });

  it('edits in a modal prefilled with the row: Cancel closes it, Save sends, closes and reloads the list', async () => {
    let version = 0;
    const calls = stubApi({
      'GET /all/accounts': () =>
        ok(version === 0 ? [first, second] : [{ ...first, bankName: 'First Bank Plc' }, second]),
      [`PUT /edit/account/${userId}/${first._id}`]: () => {
        version = 1;
        return ok({ ...first, bankName: 'First Bank Plc' });
      },
    });
    render('/bank-accounts');
    const table = await screen.findByRole('table', { name: 'Bank accounts' });
    const row = within(table).getAllByRole('row')[1];

    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit Bank Account' });
    expect(within(dialog).getByLabelText('Bank Name')).toHaveValue('First Bank');
    expect(within(dialog).getByLabelText('Account Number')).toHaveValue('0012345678');
    expect(within(dialog).getByLabelText('Account Holder Name')).toHaveValue('St. Mary Parish');
    expect(within(dialog).getByLabelText('Routing Number (optional)')).toHaveValue('021000021');
    expect(within(dialog).getByLabelText('Swift Code (optional)')).toHaveValue('FBNINGLA');
    expect(within(dialog).getByLabelText('Currency')).toHaveValue('NGN');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Bank Account' });
    const bankName = within(dialog).getByLabelText('Bank Name');
    await userEvent.clear(bankName);
    await userEvent.tab();
    expect(await within(dialog).findByText('Bank name is required')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), '');
    await userEvent.tab();
    expect(await within(dialog).findByText('Currency is required')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), 'NGN');
    await userEvent.type(bankName, 'First Bank Plc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Bank account updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      bankName: 'First Bank Plc',
      bankAccountNumber: '0012345678',
      bankAccountHolderName: 'St. Mary Parish',
      bankRoutingNumber: '021000021',
      bankSwiftCode: 'FBNINGLA',
      currency: 'NGN',
    });
    expect(await screen.findByText('First Bank Plc')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/all/accounts')).toHaveLength(2);
  });

  it('keeps the modal open with what was typed when the server refuses', async () => {
    stubApi({
      'GET /all/accounts': () => ok([first]),
      [`PUT /edit/account/${userId}/${first._id}`]: () => [
        400,
        { message: 'Bank name must be at most 200 characters long' },
      ],
    });
    render('/bank-accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Bank Name'), ' Plc');
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), 'GBP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bank name must be at most 200 characters long')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByLabelText('Bank Name')).toHaveValue('First Bank Plc');
    expect(within(screen.getByRole('dialog')).getByLabelText('Currency')).toHaveValue('GBP');
  });

  it('chooses the currency among ISO 4217 codes, named', async () => {
    stubApi({ 'GET /all/accounts': () => ok([first]) });
    render('/bank-accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const currency = within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Currency' });
    expect(within(currency).getByRole('option', { name: 'NGN — Nigerian Naira' })).toHaveValue('NGN');
    expect(within(currency).getByRole('option', { name: 'GBP — British Pound' })).toHaveValue('GBP');
    expect(within(currency).queryByRole('option', { name: /naira pounds/ })).not.toBeInTheDocument();
  });

  it('opens an account saved with free text as its currency, shows it, and asks for a code on save', async () => {
    const legacy = { ...first, currency: 'naira pounds' };
    const calls = stubApi({
      'GET /all/accounts': () => ok([legacy]),
      [`PUT /edit/account/${userId}/${first._id}`]: () => [
        200,
        { message: 'Bank account updated successfully', data: first },
      ],
    });
    render('/bank-accounts');
    const table = await screen.findByRole('table', { name: 'Bank accounts' });
    expect(within(table).getByText('naira pounds')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Bank Account' });
    expect(within(dialog).getByLabelText('Currency')).toHaveValue('naira pounds');
    expect(within(dialog).getByRole('option', { name: 'naira pounds', selected: true })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Currency must be an ISO 4217 currency code, like NGN, GHS or EUR'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), 'NGN');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bank account updated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ currency: 'NGN' });
  });

  it('deletes after confirmation and reloads the list', async () => {
    let deleted = false;
    const calls = stubApi({
      'GET /all/accounts': () => ok(deleted ? [second] : [first, second]),
      [`DELETE /delete/account/${userId}/${first._id}`]: () => {
        deleted = true;
        return [200, { message: 'Bank account deleted successfully' }];
      },
    });
    render('/bank-accounts');
    const table = await screen.findByRole('table', { name: 'Bank accounts' });
    await userEvent.click(within(within(table).getAllByRole('row')[1]).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this account?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bank account deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('First Bank')).not.toBeInTheDocument());
    expect(screen.getByText('Zenith Bank')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});

describe('Add Account', () => {
  it("shows the spec's four messages; routing number and swift code are optional", async () => {
    const calls = stubApi({});
    render('/add-bank-account');
    await userEvent.click(screen.getByRole('button', { name: 'Add Account' }));
    for (const message of [
      'Bank name is required',
      'Account number is required',
      'Account holder name is required',
      'Currency is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getAllByText(/is required$/)).toHaveLength(4);
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/bank-accounts');
  });

  it('sends the account, the number as text, and shows the list', async () => {
    const calls = stubApi({
      [`POST /add/account/${userId}`]: () => [201, { message: 'Bank account added successfully', data: second }],
      'GET /all/accounts': () => ok([second]),
    });
    const { router } = render('/add-bank-account');
    await userEvent.type(screen.getByLabelText('Bank Name'), ' Zenith Bank ');
    await userEvent.type(screen.getByLabelText('Account Number'), '0098765432');
    await userEvent.type(screen.getByLabelText('Account Holder Name'), 'Parish Youth Fund');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'USD');
    await userEvent.click(screen.getByRole('button', { name: 'Add Account' }));

    expect(await screen.findByText('Bank account added successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/bank-accounts'));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      bankName: 'Zenith Bank',
      bankAccountNumber: '0098765432',
      bankAccountHolderName: 'Parish Youth Fund',
      bankRoutingNumber: '',
      bankSwiftCode: '',
      currency: 'USD',
    });
    expect(await screen.findByRole('table', { name: 'Bank accounts' })).toBeInTheDocument();
  });
});
