import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { tarGz, type ArchiveEntry } from '../testing/archives';
import { BackupCommandError, run } from './cli';

describe('npm run backup and npm run restore', () => {
  const folders: string[] = [];
  const folder = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes an archive where told, says where and how big, and restores it into another folder', async () => {
    const dataDir = folder('cli-data-');
    const db = openDatabase(loadConfig({ DATA_DIR: dataDir }));
    await migrateToLatest(db);
    await db.kysely
      .insertInto('prayerRequests')
      .values({ _id: 'b'.repeat(24), request: 'for the parish', createdAt: new Date().toISOString() })
      .execute();
    await db.close();

    const to = folder('cli-to-');
    const said: string[] = [];
    const lines = await run(['backup', '--to', to], { DATA_DIR: dataDir }, (line) => said.push(line));
    const [archive] = fs.readdirSync(to);
    expect(lines[0]).toBe(`Backup written: ${path.join(to, archive!)}`);
    expect(lines[1]).toMatch(
      /^[\d.]+ (KB|MB|bytes), \d+ rows and \d+ files, in [\d.]+ s \(version \d+\.\d+\.\d+, schema \w+\)\.$/,
    );
    expect(said).toEqual(expect.arrayContaining(['Copying the database…', 'Compressing…']));

    const restoredDir = path.join(folder('cli-restored-'), 'parish');
    const restored = await run(['restore', path.join(to, archive!), '--data-dir', restoredDir], {}, () => undefined);
    expect(restored[0]).toMatch(new RegExp(`^Restored the backup of .+ into ${restoredDir}\\.$`));
    const again = openDatabase(loadConfig({ DATA_DIR: restoredDir }));
    try {
      expect(await again.kysely.selectFrom('prayerRequests').select('request').execute()).toEqual([
        { request: 'for the parish' },
      ]);
    } finally {
      await again.close();
    }

    // Into a folder that holds a parish now: refused in words, unless --replace.
    const refused = run(['restore', path.join(to, archive!), '--data-dir', restoredDir], {}, () => undefined);
    await expect(refused).rejects.toBeInstanceOf(BackupCommandError);
    await expect(refused).rejects.toThrow(
      /holds a parish's data already \(\d+ rows\): .* restore again with --replace/,
    );
    await expect(
      run(['restore', path.join(to, archive!), '--data-dir', restoredDir, '--replace'], {}, () => undefined),
    ).resolves.toHaveLength(2);
  });

  it('removes what a backup or a restore killed half-way left, never a backup running now', async () => {
    const dataDir = folder('cli-leftovers-');
    const db = openDatabase(loadConfig({ DATA_DIR: dataDir }));
    await migrateToLatest(db);
    await db.close();
    const to = folder('cli-leftovers-to-');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const left = (file: string, old: boolean) => {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'half');
      if (old) fs.utimesSync(file, twoDaysAgo, twoDaysAgo);
    };
    fs.mkdirSync(path.join(dataDir, '.backup-killed'));
    left(path.join(dataDir, '.backup-killed', 'app.db'), true);
    fs.utimesSync(path.join(dataDir, '.backup-killed'), twoDaysAgo, twoDaysAgo);
    fs.mkdirSync(path.join(dataDir, '.backup-running'));
    left(path.join(to, '.backup-2026-12-05T023000Z-v1.0.0.tar.gz.partial'), true);
    left(path.join(to, '.backup-2026-12-07T023000Z-v1.0.0.tar.gz.partial'), false);
    await run(['backup', '--to', to], { DATA_DIR: dataDir }, () => undefined);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.backup-'))).toEqual(['.backup-running']);
    const archives = fs.readdirSync(to);
    expect(archives.filter((name) => name.startsWith('.'))).toEqual([
      '.backup-2026-12-07T023000Z-v1.0.0.tar.gz.partial',
    ]);

    const restoredDir = folder('cli-leftovers-restored-');
    fs.mkdirSync(path.join(restoredDir, '.restore-killed'));
    const archive = archives.find((name) => !name.startsWith('.'))!;
    await run(['restore', path.join(to, archive), '--data-dir', restoredDir], {}, () => undefined);
    expect(fs.readdirSync(restoredDir).filter((name) => name.startsWith('.restore-'))).toEqual([]);
  });

  it('refuses a hostile archive in words, and leaves the folder as it was', async () => {
    const dataDir = folder('cli-hostile-');
    fs.writeFileSync(path.join(dataDir, 'keep'), 'the parish');
    const made = folder('cli-hostile-archives-');
    const env = { BACKUP_MAX_FILE_BYTES: String(1024 * 1024) };
    const cases: [ArchiveEntry[], RegExp][] = [
      [[{ path: 'uploads/../../escape', data: 'x' }], /uploads\/\.\.\/\.\.\/escape climbs out of the backup/],
      [
        [{ path: 'remotes.json', type: 'SymbolicLink', linkpath: '/etc/passwd' }],
        /remotes\.json is a link: a backup holds plain files and folders only\. Nothing was changed\.$/,
      ],
      [
        [{ path: 'database/app.db', data: Buffer.alloc(2 * 1024 * 1024) }],
        /^The archive is too large to restore: database\/app\.db is larger than 1 MB: a backup's files are at most that \(BACKUP_MAX_FILE_BYTES\)\. Nothing was changed\.$/,
      ],
    ];
    for (const [index, [entries, words]] of cases.entries()) {
      const file = path.join(made, `hostile-${index}.tar.gz`);
      fs.writeFileSync(file, tarGz(entries));
      const refused = run(['restore', file, '--data-dir', dataDir, '--replace'], env, () => undefined);
      await expect(refused).rejects.toBeInstanceOf(BackupCommandError);
      await expect(refused).rejects.toThrow(words);
      expect(fs.readdirSync(dataDir)).toEqual(['keep']);
    }
    // Into a folder that was not there: it is not left made.
    const none = path.join(made, 'none');
    await expect(
      run(['restore', path.join(made, 'hostile-0.tar.gz'), '--data-dir', none], env, () => undefined),
    ).rejects.toThrow(/climbs out of the backup/);
    expect(fs.existsSync(none)).toBe(false);
  });

  it('says how to use it when the words are wrong', async () => {
    await expect(run([], {})).rejects.toThrow(/usage:\n {2}npm run backup/);
    await expect(run(['restore'], {})).rejects.toThrow(/^Name one archive to restore\./);
    await expect(run(['backup', '--to'], {})).rejects.toThrow(/^--to needs a folder\./);
    await expect(run(['backup', '--fast'], {})).rejects.toThrow(/^Unknown option --fast\./);
    const empty = folder('cli-empty-');
    await expect(run(['backup'], { DATA_DIR: empty })).rejects.toThrow(
      `No database in ${empty} (no app.db): is DATA_DIR right?`,
    );
    expect(fs.readdirSync(empty)).toEqual([]);
    await expect(run(['restore', '/no/such/archive.tar.gz', '--data-dir', folder('cli-none-')], {})).rejects.toThrow(
      'No backup archive at /no/such/archive.tar.gz.',
    );
  });
});
