import net from 'node:net';
import { engines, multipartForm } from '../testing/harness';
import { spawnedServer, type SpawnedServer } from '../testing/spawned';
import { solidPng } from '../uploads/png';

// kill -9 with writes in flight, each retried with its Idempotency-Key until it is answered: whether a
// kill lands before a write's commit (the retry writes it) or between its commit and its answer (the
// retry gets the answer), every write is there exactly once, with its file: 0 lost, 0 doubled.

jest.setTimeout(180_000);

const ADMIN = { email: 'retries@example.com', password: 'retries test password' };
const KILLS = 2;
const WRITERS = 6;
const cover = solidPng(8, 8, [200, 120, 40]);

interface PlannedWrite {
  key: string;
  text: string;
  kind: 'prayer request' | 'book';
  /** The id its answer gave, once answered. */
  id?: string;
}

describe.each(engines())('retried writes across kill -9 on %s', (_name, engine) => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await spawnedServer(engine, ADMIN);
  });
  afterAll(() => server.close());

  const send = (write: PlannedWrite, auth: { token: string; userId: string }) =>
    write.kind === 'prayer request'
      ? fetch(`${server.url}/api/v1/prayer/request`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': write.key },
          body: JSON.stringify({ request: write.text }),
        })
      : fetch(`${server.url}/api/v1/add/book/${auth.userId}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${auth.token}`, 'idempotency-key': write.key },
          body: multipartForm(
            { bookName: write.text, bookLink: 'https://example.org/retried' },
            { bookImage: { content: cover, name: 'c.png', type: 'image/png' } },
          ),
        });

  /** The prayer requests' texts as the team lists them. */
  const requestTexts = async (auth: { token: string; userId: string }) =>
    (
      (await (
        await fetch(`${server.url}/api/v1/prayer/request/${auth.userId}`, {
          headers: { authorization: `Bearer ${auth.token}` },
        })
      ).json()) as { data: { request: string }[] }
    ).data.map((request) => request.request);

  it('a write committed but never answered (kill -9 before the answer is read): its retry answers, once', async () => {
    await server.start();
    const auth = await server.login();
    const text = 'Committed, then the server was killed';
    const body = JSON.stringify({ request: text });
    // A client whose answer never arrives: it sends, and never reads.
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/v1/prayer/request HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
        `idempotency-key: never-answered\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    socket.pause();
    while (!(await requestTexts(auth)).includes(text)) await new Promise((resolve) => setTimeout(resolve, 20));
    await server.kill();
    socket.destroy();

    await server.start();
    try {
      const retry = await fetch(`${server.url}/api/v1/prayer/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'never-answered' },
        body,
      });
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect((await requestTexts(await server.login())).filter((stored) => stored === text)).toHaveLength(1);
    } finally {
      await server.kill();
    }
  });

  it(`stores every write exactly once across ${KILLS} kills`, async () => {
    const planned: PlannedWrite[] = Array.from({ length: 150 }, (_, i) => ({
      key: `retry-${engine.engine}-${i}`,
      text: `Retried write ${i}`,
      kind: i % 3 === 0 ? 'book' : 'prayer request',
    }));
    // Rounds that are killed once a third of what is left is answered, so that the kill lands with
    // writes in flight whatever the machine's speed; then one round that runs to the end.
    for (let round = 0; ; round++) {
      await server.start();
      const auth = await server.login();
      let stopped = false;
      const pending = planned.filter((write) => !write.id);
      const killAt = Math.ceil(pending.length / 3);
      let answered = 0;
      const writer = async () => {
        for (let write = pending.shift(); write && !stopped; write = pending.shift()) {
          try {
            const res = await send(write, auth);
            if (res.status === 201) {
              write.id = ((await res.json()) as { data: { _id: string } }).data._id;
              answered += 1;
            }
          } catch {
            return; // the server is gone: the write is retried with its key in the next round
          }
        }
      };
      const writing = Promise.all(Array.from({ length: WRITERS }, writer));
      const killed = round < KILLS;
      if (killed) {
        while (answered < killAt) await new Promise((resolve) => setTimeout(resolve, 5));
        await server.kill();
        stopped = true;
      }
      await writing;
      if (!killed) break;
    }

    try {
      expect(planned.filter((write) => !write.id)).toEqual([]);
      const auth = await server.login();
      const requests = (
        (await (
          await fetch(`${server.url}/api/v1/prayer/request/${auth.userId}`, {
            headers: { authorization: `Bearer ${auth.token}` },
          })
        ).json()) as { data: { _id: string; request: string }[] }
      ).data;
      const books = (
        (await (await fetch(`${server.url}/api/v1/all/books/`)).json()) as {
          data: { _id: string; bookName: string; bookImage: string }[];
        }
      ).data;
      const stored = [
        ...requests.map((request) => ({ text: request.request, id: request._id })),
        ...books.map((book) => ({ text: book.bookName, id: book._id })),
      ];
      // Each planned write once, under the id its answer gave.
      const doubled = planned.filter((write) => stored.filter((row) => row.text === write.text).length !== 1);
      expect(doubled.map((write) => write.text)).toEqual([]);
      expect(planned.filter((write) => !stored.some((row) => row.id === write.id))).toEqual([]);
      const missingCovers: string[] = [];
      for (const book of books) if ((await fetch(book.bookImage)).status !== 200) missingCovers.push(book.bookImage);
      expect(missingCovers).toEqual([]);
    } finally {
      await server.kill();
    }
  });
});
