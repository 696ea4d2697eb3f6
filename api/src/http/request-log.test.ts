import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { closeTestDatabase, openTestDatabase } from '../testing/harness';
import type { Db } from '../db/database';

// The request log an operator needs, without a line per request (two lines each cost a busy server
// a large share of its throughput): 5xx answers and slow requests, or everything with LOG_REQUESTS=all.

describe.each(['errors-and-slow', 'all'] as const)('the request log with LOG_REQUESTS=%s', (requestLog) => {
  let dir: string;
  let db: Db;
  let app: FastifyInstance;
  let url: string;
  const lines: {
    msg: string;
    reqId?: string;
    req?: { url: string };
    res?: { statusCode: number };
    responseTime?: number;
  }[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-log-'));
    const config: AppConfig = {
      ...loadConfig({ DATA_DIR: dir }),
      logLevel: 'info',
      requestLog,
      // Far above what a warm, fast answer takes on a loaded machine, so only the slow route is slow.
      slowRequestMs: 1000,
      staticRoots: { shell: path.join(dir, 'none'), remoteBuilds: [] },
    };
    db = await openTestDatabase(config);
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp(config, { db, logStream });
    app.get('/api/v1/test/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      return { ok: true };
    });
    app.get('/api/v1/test/bug', async () => {
      throw new Error('a bug');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await closeTestDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    requestLog === 'all'
      ? 'logs every request'
      : 'logs a 5xx and a slow request, one line each, and nothing for fast answers or refusals',
    async () => {
      // Warm: the first answer of a new server builds its caches and compiles its code.
      await fetch(`${url}/api/v1/all/books/`);
      lines.length = 0;
      await fetch(`${url}/api/v1/all/books/`);
      await fetch(`${url}/api/v1/no/such/call`);
      await fetch(`${url}/api/v1/test/slow`);
      await fetch(`${url}/api/v1/test/bug`);
      const about = (suffix: string) => lines.filter((line) => line.req?.url?.endsWith(suffix));
      if (requestLog === 'all') {
        expect(about('/all/books/').length).toBeGreaterThanOrEqual(1);
        expect(about('/no/such/call').length).toBeGreaterThanOrEqual(1);
        return;
      }
      expect(about('/all/books/')).toEqual([]);
      expect(about('/no/such/call')).toEqual([]);
      expect(about('/test/slow')).toEqual([
        expect.objectContaining({ msg: 'slow request', res: { statusCode: 200 }, responseTime: expect.any(Number) }),
      ]);
      expect(about('/test/slow')[0]!.responseTime).toBeGreaterThanOrEqual(1000);
      expect(about('/test/bug')).toEqual([
        expect.objectContaining({ msg: 'answered with a server error', res: { statusCode: 500 } }),
      ]);
    },
  );

  it('writes each request’s id on every line of it, the id its answer names', async () => {
    lines.length = 0;
    const sent = await fetch(`${url}/api/v1/test/bug`, { headers: { 'x-request-id': 'trace-4f2a' } });
    const made = await fetch(`${url}/api/v1/test/bug`);
    expect(sent.headers.get('x-request-id')).toBe('trace-4f2a');
    const id = made.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const messages = (reqId: string) => lines.filter((line) => line.reqId === reqId).map((line) => line.msg);
    const expected =
      requestLog === 'all'
        ? ['incoming request', 'request failed', 'request completed']
        : ['request failed', 'answered with a server error'];
    expect(messages('trace-4f2a')).toEqual(expected);
    expect(messages(id)).toEqual(expected);
    expect(lines.filter((line) => line.reqId === undefined)).toEqual([]);
  });

  it('leaves the probes and the scrape out of it, whatever LOG_REQUESTS says', async () => {
    lines.length = 0;
    for (const probe of ['/healthz', '/readyz', '/metrics']) expect((await fetch(url + probe)).status).toBe(200);
    expect(lines).toEqual([]);
  });
});
