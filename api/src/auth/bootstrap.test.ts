import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../db/database';
import { closeTestDatabase, databaseFor, engines, openTestDatabase } from '../testing/harness';
import { issueToken } from './tokens';
import { adminAnnouncement, bootstrapAdmin, findAdminByEmail } from './admins';
import { hashPassword, needsRehash, verifyPassword } from './password';

describe('password hashing', () => {
  it("hashes at OWASP's recommended cost by default (scrypt N=2^17, r=8, p=1), salted", async () => {
    const a = await hashPassword('secret');
    const b = await hashPassword('secret');
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('secret', a)).toBe(true);
    expect(await verifyPassword('Secret', a)).toBe(false);
    expect(await verifyPassword('secret', 'garbage')).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('tells a weaker or foreign hash from a current one, and refuses absurd parameters', async () => {
    const old = await hashPassword('secret', 14);
    expect(old).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('secret', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(old, 14)).toBe(false);
    expect(needsRehash('garbage')).toBe(true);
    // A stored N of 2^30 would ask for 128 GiB: refused, not attempted.
    expect(await verifyPassword('secret', old.replace('$16384$', '$1073741824$'))).toBe(false);
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
    const first = await bootstrapAdmin(db, { passwordHashCost: 12 });
    expect(first).toEqual({ action: 'created', email: 'admin@example.com', generatedPassword: expect.any(String) });
    const admin = await findAdminByEmail(db, 'admin@example.com');
    expect(first.action === 'created' && (await verifyPassword(first.generatedPassword!, admin!.passwordHash))).toBe(
      true,
    );
    expect(await bootstrapAdmin(db, { passwordHashCost: 12 })).toEqual({
      action: 'kept',
      email: 'admin@example.com',
      ignored: false,
    });
  });

  it('uses ADMIN_EMAIL for the generated account', async () => {
    const result = await bootstrapAdmin(db, { adminEmail: 'Priest@Parish.org', passwordHashCost: 12 });
    expect(result).toMatchObject({ action: 'created', email: 'priest@parish.org' });
  });

  it('refuses an ADMIN_PASSWORD shorter than any other password may be, creating nothing', async () => {
    await expect(
      bootstrapAdmin(db, { adminEmail: 'short@parish.org', adminPassword: 'eleven char', passwordHashCost: 12 }),
    ).rejects.toThrow('ADMIN_PASSWORD is too short: a password needs at least 12 characters.');
    expect(await findAdminByEmail(db, 'short@parish.org')).toBeUndefined();
  });

  it('creates the first Admin from ADMIN_EMAIL/ADMIN_PASSWORD, and never changes an account afterwards', async () => {
    const options = { adminEmail: 'office@parish.org', adminPassword: 'first password', passwordHashCost: 12 };
    expect(await bootstrapAdmin(db, options)).toEqual({ action: 'created', email: 'office@parish.org' });
    const admin = await findAdminByEmail(db, 'office@parish.org');
    expect(admin?.role).toBe('Admin');
    await issueToken(db, admin!._id, 1);

    // A restart with another password (or after the password was changed in Settings) keeps the account.
    expect(await bootstrapAdmin(db, { ...options, adminPassword: 'second password' })).toEqual({
      action: 'kept',
      email: 'office@parish.org',
      ignored: true,
    });
    const kept = await findAdminByEmail(db, 'office@parish.org');
    expect(await verifyPassword('first password', kept!.passwordHash)).toBe(true);
    expect(await db.kysely.selectFrom('tokens').selectAll().execute()).toHaveLength(1);
    // Nor is a second account made for another email.
    expect(await bootstrapAdmin(db, { ...options, adminEmail: 'new@parish.org' })).toMatchObject({ action: 'kept' });
    expect(await findAdminByEmail(db, 'new@parish.org')).toBeUndefined();
  });
});

describe("the start's words about the first Admin", () => {
  it('says what works to choose another password, never a restart with ADMIN_EMAIL and ADMIN_PASSWORD', () => {
    const printed = adminAnnouncement({ action: 'created', email: 'admin@example.com', generatedPassword: 'pw' });
    expect(printed).toContain('password: pw');
    expect(printed).toContain('Settings → Password');
    expect(printed).toContain('npm run admin -- reset-password admin@example.com');
    expect(printed).not.toMatch(/restart with ADMIN_EMAIL/);
    // Set in vain once an account exists: where to go instead.
    expect(adminAnnouncement({ action: 'kept', email: 'admin@example.com', ignored: true })).toMatch(
      /ADMIN_EMAIL and ADMIN_PASSWORD are ignored.*npm run admin -- reset-password <email>.*fresh DATA_DIR/s,
    );
    expect(adminAnnouncement({ action: 'kept', email: 'admin@example.com', ignored: false })).toBeUndefined();
  });
});
