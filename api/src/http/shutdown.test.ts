import { OWNER_LOCK } from '../uploads/database-store';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../config';
import { closeTestDatabase, databaseFor, engines, freePort, openTestDatabase } from '../testing/harness';

// A stop (SIGTERM from a container runtime, Ctrl-C) must end the server within SHUTDOWN_GRACE_MS
// whatever its clients do: an upload arriving slowly (the body limit allows ~43 minutes at the minimum
// rate) is let run for the grace, then cut, and its half-received file removed.

jest.setTimeout(60_000);

const ADMIN = { email: 'shutdown@example.com', password: 'shutdown test password' };
const GRACE_MS = 1500;

/** Every file under a folder, recursively (the instance's lock file aside). */
const filesUnder = (dir: string) =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((entry) => entry.isFile() && entry.name !== OWNER_LOCK)
        .map((entry) => entry.name)
    : [];

describe.each(engines())('shutdown on %s', (_name, engine) => {
  const database = databaseFor(engine);
  let dataDir: string;
  let server: ChildProcess | undefined;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-shutdown-'));
  });
  afterEach(async () => {
    server?.kill('SIGKILL');
    if (engine.engine === 'postgres') await closeTestDatabase(await openTestDatabase({ dataDir, ...database }));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a slow upload in progress: SIGTERM ends the server within the grace, and the half-received file goes', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'api/src/server.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        PASSWORD_HASH_COST: '10',
        // The machine is busy with the other suites: no load shedding here.
        EVENT_LOOP_LAG_LIMIT_MS: '0',
        LOG_LEVEL: 'silent',
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        ...(database.databaseUrl
          ? { DATABASE_URL: database.databaseUrl, DATABASE_SCHEMA: database.databaseSchema }
          : {}),
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number>((resolve) => server!.once('exit', () => resolve(Date.now())));
    for (let tries = 0; tries < 300; tries++) {
      const up = await fetch(`${url}/api/v1/openapi.json`).then(
        (res) => res.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answer = await fetch(`${url}/api/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const login = (await answer.json()) as { token: string; doesUserEmailExist: { _id: string } };
    expect([answer.status, login]).toEqual([200, expect.objectContaining({ token: expect.any(String) })]);

    // A donation file of 5 MB at about 20 KB/s: well above the minimum rate, hours from its end.
    const client = net.connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    client.write(
      `POST /api/v1/add/donation/${login.doesUserEmailExist._id} HTTP/1.1\r\nHost: x\r\n` +
        `Authorization: Bearer ${login.token}\r\nContent-Type: multipart/form-data; boundary=XyZ\r\n` +
        `Content-Length: ${5 * 1024 * 1024}\r\n\r\n` +
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="gift.pdf"\r\n' +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
    );
    const dribble = setInterval(() => client.write(Buffer.alloc(2 * 1024, 0x41)), 100);
    try {
      const uploads = path.join(dataDir, 'uploads', '.tmp');
      for (const started = Date.now(); filesUnder(uploads).length === 0 && Date.now() - started < 10_000;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(filesUnder(uploads)).toHaveLength(1);

      const stopped = Date.now();
      server.kill('SIGTERM');
      // Within the grace plus a margin for closing the database: not when the upload would end.
      let timer: NodeJS.Timeout | undefined;
      const ended = await Promise.race([
        exited,
        new Promise<number>((resolve) => (timer = setTimeout(resolve, 15_000, 0))),
      ]);
      clearTimeout(timer);
      expect(ended && ended - stopped).toBeGreaterThan(0);
      expect(ended - stopped).toBeLessThan(GRACE_MS + 5000);
      expect(filesUnder(uploads)).toEqual([]);
    } finally {
      clearInterval(dribble);
      client.destroy();
    }
  });
});
