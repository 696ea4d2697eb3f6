import styled from 'styled-components';
import { actionColumn, deleteColumn, editColumn, ListPage, serialColumn, useEditModal, type ListLayout } from 'shared';
import { useList, useRemoveRow } from 'shared/data';
import { bankAccountKind, bankAccounts, bankAccountsApi, type BankAccount } from './api';
import { BankAccountForm } from './BankAccountForm';

const Digits = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const optional = (value: string) => value || '—';

/** /bank-accounts (spec §2): the table, an Edit modal per row, Delete with confirmation. */
export function BankAccountListScreen() {
  const list = useList(bankAccounts, bankAccountsApi.list, (account) => [
    account.bankName,
    account.bankAccountNumber,
    account.bankAccountHolderName,
    account.currency,
  ]);
  const editor = useEditModal<BankAccount>('Edit Bank Account', (account, close) => (
    <BankAccountForm record={account} onClose={close} />
  ));

  const remove = useRemoveRow(bankAccountsApi.remove, bankAccountKind.toasts.deleted);
  const layout: ListLayout<BankAccount> = {
    columns: [
      serialColumn(),
      {
        header: 'Bank Name',
        maxWidth: '240px',
        sort: { key: 'bankName', value: (account) => account.bankName },
        cell: (account) => account.bankName,
      },
      {
        header: 'Account Number',
        fit: true,
        sort: { key: 'bankAccountNumber', value: (account) => account.bankAccountNumber },
        cell: (account) => <Digits>{account.bankAccountNumber}</Digits>,
      },
      {
        header: 'Account Holder',
        maxWidth: '240px',
        sort: { key: 'bankAccountHolderName', value: (account) => account.bankAccountHolderName },
        cell: (account) => account.bankAccountHolderName,
      },
      {
        header: 'Routing Number',
        fit: true,
        sort: { key: 'bankRoutingNumber', value: (account) => account.bankRoutingNumber },
        cell: (account) => <Digits>{optional(account.bankRoutingNumber)}</Digits>,
      },
      {
        header: 'Swift Code',
        fit: true,
        sort: { key: 'bankSwiftCode', value: (account) => account.bankSwiftCode },
        cell: (account) => optional(account.bankSwiftCode),
      },
      {
        header: 'Currency',
        fit: true,
        sort: { key: 'currency', value: (account) => account.currency },
        cell: (account) => account.currency,
      },
      actionColumn(editColumn(editor), deleteColumn(bankAccountKind.labels.confirmDelete, remove)),
    ],
    caption: 'Bank accounts',
    emptyText: 'No bank accounts available.',
    add: { to: '/add-bank-account', label: 'Add Account' },
    exportList: 'bank-accounts',
  };
  return (
    <ListPage {...list} {...layout}>
      {editor.modal}
    </ListPage>
  );
}
