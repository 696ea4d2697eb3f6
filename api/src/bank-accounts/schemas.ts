import { Type, type Static } from '@sinclair/typebox';
import { CurrencyCode, Entity, Input, RequiredText } from '../http/contract';
import type { TableOf } from '../db/schema';
import type { StoredRow } from '../resources/row';

export const LIMITS = {
  bankName: 200,
  bankAccountNumber: 64,
  bankAccountHolderName: 200,
  bankRoutingNumber: 64,
  bankSwiftCode: 64,
  currency: 50,
} as const;

const optional = (max: number) =>
  Type.Optional(Type.String({ maxLength: max, description: 'Optional; "" when not given' }));

/** What the add and edit calls take. */
export const BankAccountInput = Input(
  'BankAccountInput',
  {
    bankName: RequiredText(LIMITS.bankName),
    bankAccountNumber: RequiredText(LIMITS.bankAccountNumber, { description: 'Text: leading zeros are kept' }),
    bankAccountHolderName: RequiredText(LIMITS.bankAccountHolderName),
    bankRoutingNumber: optional(LIMITS.bankRoutingNumber),
    bankSwiftCode: optional(LIMITS.bankSwiftCode),
    currency: CurrencyCode(LIMITS.currency),
  },
  {
    bankName: 'Bank name',
    bankAccountNumber: 'Account number',
    bankAccountHolderName: 'Account holder name',
    bankRoutingNumber: 'Routing number',
    bankSwiftCode: 'Swift code',
    currency: 'Currency',
  },
);
export type BankAccountInput = Static<typeof BankAccountInput>;

/** A bank account as the API answers it (spec §3). Routing number and swift code are '' when not given. */
export const BankAccount = Entity('BankAccount', {
  _id: Type.String(),
  bankName: Type.String(),
  bankAccountNumber: Type.String(),
  bankAccountHolderName: Type.String(),
  bankRoutingNumber: Type.String(),
  bankSwiftCode: Type.String(),
  currency: Type.String({
    description: 'An ISO 4217 code; an account stored before codes were required may hold other text',
  }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type BankAccount = Static<typeof BankAccount>;

/** An account as stored: the optional fields are '' when not given. */
export type BankAccountRecord = Omit<BankAccount, '_id' | 'createdAt'>;

/** A stored bank account (table `bank_accounts`); the account number is text, to keep its leading zeros. */
export interface BankAccountRow extends StoredRow, BankAccountRecord {
  createdAt: string;
}

declare module '../db/schema' {
  interface Database {
    bankAccounts: TableOf<BankAccountRow>;
  }
}
