import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../db/database';
import { closeTestDatabase, databaseFor, engines, openTestDatabase } from '../testing/harness';
import { issueToken } from './tokens';
import { bootstrapAdmin, findAdminByEmail } from './admins';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('salts, verifies and refuses', async () => {
    const a = await hashPassword('secret');
    const b = await hashPassword('secret');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('secret', a)).toBe(true);
    expect(await verifyPassword('Secret', a)).toBe(false);
    expect(await verifyPassword('secret', 'garbage')).toBe(false);
  });
});

describe.each(engines())('admin bootstrap on %s', (_name, engine) => {
  let dir: string;
  let db: Db;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-boot-'));
    db = await openTestDatabase({ dataDir: dir, ...databaseFor(engine) });
  });
  afterEach(async () => {
    await closeTestDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates admin@example.com with a random password on the first start only', async () => {
    const first = await bootstrapAdmin(db, {});
    expect(first).toEqual({ action: 'created', email: 'admin@example.com', generatedPassword: expect.any(String) });
    const admin = await findAdminByEmail(db, 'admin@example.com');
    expect(first.action === 'created' && (await verifyPassword(first.generatedPassword!, admin!.password_hash))).toBe(
      true,
    );
    expect(await bootstrapAdmin(db, {})).toEqual({ action: 'kept', email: 'admin@example.com' });
  });

  it('uses ADMIN_EMAIL for the generated account', async () => {
    const result = await bootstrapAdmin(db, { adminEmail: 'Priest@Parish.org' });
    expect(result).toMatchObject({ action: 'created', email: 'priest@parish.org' });
  });

  it('creates or updates the admin from ADMIN_EMAIL/ADMIN_PASSWORD, revoking sessions on change', async () => {
    const options = { adminEmail: 'office@parish.org', adminPassword: 'first password' };
    expect(await bootstrapAdmin(db, options)).toEqual({ action: 'created', email: 'office@parish.org' });
    expect(await bootstrapAdmin(db, options)).toEqual({ action: 'unchanged', email: 'office@parish.org' });
    const admin = await findAdminByEmail(db, 'office@parish.org');
    await issueToken(db, admin!._id, 1);

    expect(await bootstrapAdmin(db, { ...options, adminPassword: 'second password' })).toEqual({
      action: 'updated',
      email: 'office@parish.org',
    });
    const updated = await findAdminByEmail(db, 'office@parish.org');
    expect(await verifyPassword('second password', updated!.password_hash)).toBe(true);
    expect(await db.kysely.selectFrom('tokens').selectAll().execute()).toEqual([]);
  });
});
