import type { Db } from '../db/database';
import { bumpChangeCounter } from '../db/changes';
import { newId, timestamp } from '../db/ids';
import type { BankAccountsTable } from '../db/schema';
import type { BankAccount, BankAccountRecord } from './schemas';

/** The change counter of the public account list (db/changes.ts). */
export const BANK_ACCOUNTS_LIST = 'bank_accounts';

export const BANK_ACCOUNT_MESSAGES = { notFound: 'Bank account not found' } as const;

export function toApi(row: BankAccountsTable): BankAccount {
  return {
    _id: row._id,
    bankName: row.bank_name,
    bankAccountNumber: row.bank_account_number,
    bankAccountHolderName: row.bank_account_holder_name,
    bankRoutingNumber: row.bank_routing_number,
    bankSwiftCode: row.bank_swift_code,
    currency: row.currency,
    createdAt: row.created_at,
  };
}

const columns = (input: BankAccountRecord) => ({
  bank_name: input.bankName,
  bank_account_number: input.bankAccountNumber,
  bank_account_holder_name: input.bankAccountHolderName,
  bank_routing_number: input.bankRoutingNumber,
  bank_swift_code: input.bankSwiftCode,
  currency: input.currency,
});

/** In the order they were added, so that a table's S/N stays put as accounts are added. */
export async function listBankAccounts(db: Db): Promise<BankAccount[]> {
  const rows = await db.kysely
    .selectFrom('bank_accounts')
    .selectAll()
    .orderBy('created_at', 'asc')
    .orderBy('_id', 'asc')
    .execute();
  return rows.map(toApi);
}

export async function addBankAccount(db: Db, input: BankAccountRecord): Promise<BankAccount> {
  const now = timestamp();
  const row: BankAccountsTable = { _id: newId(), ...columns(input), created_at: now, updated_at: now };
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('bank_accounts').values(row).execute();
    await bumpChangeCounter(trx, BANK_ACCOUNTS_LIST);
  });
  return toApi(row);
}

/** The updated account; undefined for an unknown id. */
export async function updateBankAccount(
  db: Db,
  id: string,
  input: BankAccountRecord,
): Promise<BankAccount | undefined> {
  const row = await db.kysely.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('bank_accounts')
      .set({ ...columns(input), updated_at: timestamp() })
      .where('_id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (updated) await bumpChangeCounter(trx, BANK_ACCOUNTS_LIST);
    return updated;
  });
  return row && toApi(row);
}

/** False for an unknown id. */
export async function deleteBankAccount(db: Db, id: string): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('bank_accounts').where('_id', '=', id).returning('_id').executeTakeFirst();
    if (row) await bumpChangeCounter(trx, BANK_ACCOUNTS_LIST);
    return Boolean(row);
  });
}
