/**
 * `npm run soak`: the production server under a few minutes of mixed reads and writes (public lists,
 * uploads, admin edits and deletes) while a preload forces a garbage collection every 50 ms, which is
 * when a native driver's finalisers run (better-sqlite3 12 aborts on Node 24 there). It fails if the
 * server dies or answers a call it should not, and prints its RSS at the start and at the end.
 *
 *   SOAK_SECONDS   how long (default 180; CI runs 45 on each Node)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const port = Number(process.env.SOAK_PORT ?? 4391);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.SOAK_SECONDS ?? 180);
const admin = { email: 'soak@example.com', password: 'soak-Password-1' };
const CONCURRENCY = 8;

// A valid 1×1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAE/wH+2u9W5gAAAABJRU5ErkJggg==',
  'base64',
);

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

export interface SoakResult {
  node: string;
  seconds: number;
  requests: number;
  failures: string[];
  died?: string;
  rssStartMb: number;
  rssEndMb: number;
}

export async function soak(durationSeconds = seconds): Promise<SoakResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-soak-'));
  const server = spawn(
    process.execPath,
    ['--expose-gc', '--require', path.join(__dirname, 'force-gc.cjs'), path.join(root, 'api/dist/server.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: 'silent',
        LOGIN_RATE_MAX: '1000',
        PUBLIC_RATE_MAX: '1000000',
        LIST_CACHE_CHECK_MS: '0',
        // The soak counts every failed call; a GC forced every 50 ms is its own load, not one to shed.
        EVENT_LOOP_LAG_LIMIT_MS: '0',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let died: string | undefined;
  server.on('exit', (code, signal) => (died = `the server exited (${signal ?? code}): ${stderr.slice(-2000)}`));

  const failures: string[] = [];
  let requests = 0;
  try {
    for (let attempt = 0; ; attempt++) {
      if (died) throw new Error(died);
      try {
        if ((await fetch(`${base}/api/v1/openapi.json`)).ok) break;
      } catch {
        if (attempt > 200) throw new Error('the server did not start');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const login = (await (
      await fetch(`${base}/api/v1/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      })
    ).json()) as { token: string; doesUserEmailExist: { _id: string } };
    const auth = { authorization: `Bearer ${login.token}` };
    const userId = login.doesUserEmailExist._id;

    const call = async (what: string, url: string, init: RequestInit, expected: number[]) => {
      requests++;
      try {
        const answer = await fetch(`${base}${url}`, init);
        const body = await answer.text();
        if (!expected.includes(answer.status)) failures.push(`${what}: ${answer.status} ${body.slice(0, 200)}`);
        return body;
      } catch (error) {
        failures.push(`${what}: ${(error as Error).message}`);
        return '';
      }
    };
    const bookForm = (name: string) => {
      const form = new FormData();
      form.append('bookName', name);
      form.append('bookLink', 'https://example.org/book');
      form.append('category', 'Devotional');
      form.append('bookImage', new Blob([png], { type: 'image/png' }), 'cover.png');
      return form;
    };

    // One round of what the mobile app and the administrator do; books and requests come and go.
    const round = async (worker: number, n: number) => {
      await call('public book list', '/api/v1/all/books/', {}, [200]);
      await call('public week', `/api/v1/weekly/reading/${1 + (n % 52)}`, {}, [200]);
      const added = await call(
        'add book',
        `/api/v1/add/book/${userId}`,
        { method: 'POST', headers: auth, body: bookForm(`Soak ${worker}-${n}`) },
        [201],
      );
      const id = (JSON.parse(added || '{}') as { data?: { _id: string } }).data?._id;
      if (id) {
        await call('one book', `/api/v1/single/book/${id}`, {}, [200]);
        await call(
          'edit book',
          `/api/v1/edit/book/${userId}/${id}`,
          { method: 'POST', headers: auth, body: bookForm(`Soak ${worker}-${n} (edited)`) },
          [200],
        );
        await call('delete book', `/api/v1/book/${userId}/${id}`, { method: 'DELETE', headers: auth }, [200]);
      }
      await call(
        'public prayer request',
        '/api/v1/prayer/request',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ request: `Soak ${n}` }),
        },
        [201],
      );
      await call('admin prayer requests', `/api/v1/prayer/request/${userId}`, { headers: auth }, [200]);
      if (n % 20 === 19) {
        await call(
          'delete all prayer requests',
          `/api/v1/all/prayer/request/${userId}`,
          { method: 'DELETE', headers: auth },
          [200],
        );
      }
    };

    // Warm up, then measure from a settled heap.
    await round(0, 0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssStartMb = rssMb(server.pid!);
    const deadline = Date.now() + durationSeconds * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        for (let n = 1; Date.now() < deadline && !died; n++) await round(worker, n);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssEndMb = died ? 0 : rssMb(server.pid!);
    return { node: process.version, seconds: durationSeconds, requests, failures, died, rssStartMb, rssEndMb };
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  soak().then(
    (result) => {
      console.log(
        `soak on Node ${result.node}: ${result.requests} requests in ${result.seconds} s with a forced GC every 50 ms; ` +
          `server RSS ${result.rssStartMb.toFixed(0)} MB at the start, ${result.rssEndMb.toFixed(0)} MB at the end`,
      );
      if (result.died) console.error(result.died);
      for (const failure of result.failures.slice(0, 20)) console.error(`failed: ${failure}`);
      // A leak shows as an RSS that keeps growing with the same working set; allow for caches filling.
      const leaking = result.rssEndMb > result.rssStartMb * 2 + 50;
      if (leaking) console.error('the server RSS more than doubled: a leak?');
      process.exit(result.died || result.failures.length || leaking ? 1 : 0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
