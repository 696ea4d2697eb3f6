import { useState } from 'react';
import styled from 'styled-components';
import {
  deleteColumn,
  ButtonLink,
  ListTable,
  Modal,
  notify,
  PageHeader,
  Panel,
  useSearchFilter,
  useUserId,
  type Column,
  WriteOnly,
  RowAction,
} from 'shared';
import { useResource } from 'shared/data';
import { bankAccounts, bankAccountsApi, type BankAccount } from './api';
import { BankAccountForm } from './BankAccountForm';

const Digits = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const optional = (value: string) => value || '—';

/** /bank-accounts (spec §2): the table, an Edit modal per row, Delete with confirmation. */
export function BankAccountListScreen() {
  const userId = useUserId();
  const load = useResource(bankAccounts.list(), (signal) => bankAccountsApi.list(signal));
  const accounts = useSearchFilter(load.data, (account) => [
    account.bankName,
    account.bankAccountNumber,
    account.bankAccountHolderName,
    account.currency,
  ]);
  const [editing, setEditing] = useState<BankAccount>();

  const remove = async (account: BankAccount) => {
    await bankAccountsApi.remove(userId, account._id);
    notify.success('Bank account deleted successfully');
  };

  const columns: Column<BankAccount>[] = [
    { header: 'S/N', fit: true, cell: (_account, index) => index + 1 },
    { header: 'Bank Name', maxWidth: '240px', cell: (account) => account.bankName },
    { header: 'Account Number', fit: true, cell: (account) => <Digits>{account.bankAccountNumber}</Digits> },
    { header: 'Account Holder', maxWidth: '240px', cell: (account) => account.bankAccountHolderName },
    { header: 'Routing Number', fit: true, cell: (account) => <Digits>{optional(account.bankRoutingNumber)}</Digits> },
    { header: 'Swift Code', fit: true, cell: (account) => optional(account.bankSwiftCode) },
    { header: 'Currency', fit: true, cell: (account) => account.currency },
    {
      header: 'Edit',
      write: true,
      cell: (account) => <RowAction onClick={() => setEditing(account)}>Edit</RowAction>,
    },
    deleteColumn('Are you sure you want to delete this account?', remove),
  ];

  return (
    <Panel>
      <PageHeader
        actions={
          <WriteOnly>
            <ButtonLink to="/add-bank-account">Add Account</ButtonLink>
          </WriteOnly>
        }
      />
      <ListTable
        load={load}
        emptyText="No bank accounts available."
        caption="Bank accounts"
        columns={columns}
        rows={accounts}
        rowKey={(account) => account._id}
      />
      {editing && (
        <Modal title="Edit Bank Account" onClose={() => setEditing(undefined)}>
          <BankAccountForm mode="edit" account={editing} onClose={() => setEditing(undefined)} />
        </Modal>
      )}
    </Panel>
  );
}
