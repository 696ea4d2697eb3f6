import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminEmail, adminPassword, E2E_PASSWORD_HASH_COST, expect, png, test } from './fixtures';
import { logIn, menuLink } from './session';
import type { Cluster, ClusterInstance as Instance } from '../../scripts/cluster.mjs';

// The topology of `npm run cluster`: PostgreSQL, two API instances and nginx in front of them. What one
// instance writes, the other serves (lists, records, files, deletes); the login limit is one limit;
// and when an instance dies mid-load, nginx routes around it and no acknowledged write is lost.

const port = Number(process.env.E2E_PORT ?? 4173) + 60;
let cluster: Cluster;
let folder: string;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  folder = mkdtempSync(path.join(tmpdir(), 'backoffice-cluster-'));
  // Imported when run: the script is an ES module, the specs are compiled to CommonJS.
  const { startCluster } = (await import(
    path.join(__dirname, '..', '..', 'scripts', 'cluster.mjs')
  )) as typeof import('../../scripts/cluster.mjs');
  cluster = await startCluster({
    port,
    pgPort: port + 3,
    dataDir: path.join(folder, 'data'),
    pgDir: path.join(folder, 'pg'),
    quiet: true,
    env: {
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      LOGIN_RATE_MAX: '10',
      PASSWORD_HASH_COST: E2E_PASSWORD_HASH_COST,
      PUBLIC_RATE_MAX: '100000',
      EVENT_LOOP_LAG_LIMIT_MS: '0',
    },
  });
});

test.afterAll(async () => {
  await cluster?.stop();
  rmSync(folder, { recursive: true, force: true });
});

async function signIn(url: string) {
  const answer = await fetch(`${url}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { token: string; doesUserEmailExist: { _id: string } };
  return { authorization: `Bearer ${body.token}`, userId: body.doesUserEmailExist._id };
}

/** Polls `read` until `done` holds; answers how long it took (at most 5 s). */
async function within(read: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await read()) && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
  return Date.now() - started;
}

test('a book written through instance A is listed, opened, pictured and deleted through instance B', async () => {
  const [a, b] = cluster.instances as [Instance, Instance];
  const session = await signIn(a.url);
  const form = new FormData();
  form.append('bookName', 'The Cloud of Unknowing');
  form.append('bookLink', 'https://example.org/cloud');
  form.append('category', 'Devotional');
  form.append('bookImage', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
  const added = await fetch(`${a.url}/api/v1/add/book/${session.userId}`, {
    method: 'POST',
    headers: { authorization: session.authorization },
    body: form,
  });
  expect(added.status).toBe(201);
  const book = ((await added.json()) as { data: { _id: string; bookImage: string } }).data;

  const listedOnB = async () =>
    ((await (await fetch(`${b.url}/api/v1/all/books/`)).json()) as { data: { _id: string }[] }).data.some(
      (entry) => entry._id === book._id,
    );
  expect(await within(listedOnB)).toBeLessThan(1000);
  expect((await fetch(`${b.url}/api/v1/single/book/${book._id}`)).status).toBe(200);
  const cover = await fetch(`${b.url}${new URL(book.bookImage).pathname}`);
  expect(cover.status).toBe(200);
  expect(Buffer.from(await cover.arrayBuffer()).equals(png)).toBe(true);

  // Deleted through B (signed in through A: the session is in the database too).
  const deleted = await fetch(`${b.url}/api/v1/book/${session.userId}/${book._id}`, {
    method: 'DELETE',
    headers: { authorization: session.authorization },
  });
  expect(deleted.status).toBe(200);
  expect(await within(async () => !(await listedOnB()))).toBeLessThan(1000);
  const goneOnA = async () =>
    !((await (await fetch(`${a.url}/api/v1/all/books/`)).json()) as { data: { _id: string }[] }).data.some(
      (entry) => entry._id === book._id,
    );
  expect(await within(goneOnA)).toBeLessThan(1000);
  expect((await fetch(`${a.url}/api/v1/single/book/${book._id}`)).status).toBe(404);
  // Its cover went with it, on every instance (kept in the trash, not served).
  expect((await fetch(`${a.url}${new URL(book.bookImage).pathname}`)).status).toBe(404);
});

test('the login limit is one limit across the instances', async () => {
  const [a, b] = cluster.instances as [Instance, Instance];
  // The instances trust the loopback (nginx), so this client is the address the header names.
  const attempt = (url: string) =>
    fetch(`${url}/api/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ email: adminEmail, password: 'not the password' }),
    });
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await attempt(i % 2 ? b.url : a.url)).status);
  // LOGIN_RATE_MAX is 10: ten refusals for the password, then the limit, on whichever instance.
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(statuses.slice(10)).toEqual([429, 429]);
  expect((await attempt(cluster.url)).status).toBe(429);
});

test('an instance killed mid-load: nginx routes around it and no acknowledged write is lost', async () => {
  const [, b] = cluster.instances as [Instance, Instance];
  const acknowledged: string[] = [];
  const failedReads: number[] = [];
  let killedAt = 0;
  const failedWritesAfterKill: number[] = [];
  // Writes sent once the dying instance has had a second to drop out, and acknowledged.
  let acknowledgedAfterKill = 0;
  let stop = false;
  const writer = async (worker: number) => {
    for (let n = 0; !stop; n++) {
      const sent = Date.now();
      const answer = await fetch(`${cluster.url}/api/v1/prayer/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ request: `Pray for writer ${worker}, request ${n}` }),
      }).catch(() => undefined);
      if (answer?.status === 201) {
        acknowledged.push(((await answer.json()) as { data: { _id: string } }).data._id);
        if (killedAt && sent > killedAt + 1000) acknowledgedAfterKill++;
      }
      // A request under way to the instance as it dies may fail (nginx never repeats a POST); later ones may not.
      else if (killedAt && sent > killedAt + 1000) failedWritesAfterKill.push(answer?.status ?? 0);
    }
  };
  const reader = async () => {
    while (!stop) {
      const answer = await fetch(`${cluster.url}/api/v1/all/books/`).catch(() => undefined);
      if (answer?.status !== 200) failedReads.push(answer?.status ?? 0);
      else await answer.arrayBuffer();
    }
  };
  const load = [writer(1), writer(2), writer(3), reader(), reader()];
  // The load runs on both instances before the kill, and goes on past the second after it: counted
  // in acknowledged writes, not in time, so a slow machine sees as much load as a fast one.
  const poll = { timeout: 30_000, intervals: [20] };
  try {
    await expect.poll(() => acknowledged.length, poll).toBeGreaterThanOrEqual(20);
    killedAt = Date.now();
    await b.kill('SIGKILL');
    await expect.poll(() => acknowledgedAfterKill, poll).toBeGreaterThanOrEqual(20);
  } finally {
    stop = true;
    await Promise.all(load);
  }

  expect(acknowledged.length).toBeGreaterThan(30);
  expect(failedReads).toEqual([]);
  expect(failedWritesAfterKill).toEqual([]);

  await b.restart();
  const session = await signIn(cluster.url);
  const listed = (
    (await (
      await fetch(`${b.url}/api/v1/prayer/request/${session.userId}`, {
        headers: { authorization: session.authorization },
      })
    ).json()) as { data: { _id: string }[] }
  ).data.map((entry) => entry._id);
  const kept = new Set(listed);
  expect(acknowledged.filter((id) => !kept.has(id))).toEqual([]);
});

test('the shell and the remotes are served through nginx at one URL', async ({ page }) => {
  await logIn(page);
  await (await menuLink(page, 'BookShelf')).click();
  await expect(page.getByRole('link', { name: 'Add New Book' })).toBeVisible();
});
