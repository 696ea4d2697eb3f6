import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, type AppConfig } from '../config';
import { closeTestDatabase, databaseFor, freePort, openTestDatabase, type EngineUnderTest } from './harness';

/** A server in a process of its own, started and killed (-9) at will on one data directory and database. */
export interface SpawnedServer {
  url: string;
  dataDir: string;
  /** Its database: the PostgreSQL schema it runs in (none on SQLite, whose file is in dataDir). */
  database: Pick<AppConfig, 'databaseUrl' | 'databaseSchema'>;
  /** Starts it and waits until it answers. */
  start(): Promise<void>;
  /** kill -9, and waits until it is gone. */
  kill(): Promise<void>;
  /** Logs in as its admin. */
  login(): Promise<{ token: string; userId: string }>;
  /** Kills it if running, and removes its data directory and database schema. */
  close(): Promise<void>;
}

export async function spawnedServer(
  engine: EngineUnderTest,
  admin: { email: string; password: string },
  extraEnv: Record<string, string> = {},
): Promise<SpawnedServer> {
  const database = databaseFor(engine);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-spawned-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    PASSWORD_HASH_COST: '10',
    // The machine is busy with the other suites: no load shedding here.
    EVENT_LOOP_LAG_LIMIT_MS: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_RATE_MAX: '100000',
    LOGIN_RATE_MAX: '1000',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl, DATABASE_SCHEMA: database.databaseSchema } : {}),
    ...extraEnv,
  };
  let server: ChildProcess | undefined;

  const kill = async () => {
    const running = server;
    server = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  return {
    url,
    dataDir,
    database,
    async start() {
      server = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'api/src/server.ts')], {
        env,
        stdio: 'ignore',
      });
      for (let tries = 0; tries < 300; tries++) {
        try {
          if ((await fetch(`${url}/api/v1/openapi.json`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the server did not start');
    },
    kill,
    async login() {
      const res = await fetch(`${url}/api/v1/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      const body = (await res.json()) as { token: string; doesUserEmailExist: { _id: string } };
      return { token: body.token, userId: body.doesUserEmailExist._id };
    },
    async close() {
      await kill();
      if (engine.engine === 'postgres') await closeTestDatabase(await openTestDatabase({ dataDir, ...database }));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
