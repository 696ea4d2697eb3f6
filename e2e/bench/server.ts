import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

/** The production server (api/dist/server.js) of a bench section: its port, data folder and first admin. */
export function spawnApi(options: {
  port: number;
  dataDir: string;
  admin: { email: string; password: string };
  env?: Record<string, string>;
}): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      ...options.env,
    },
    stdio: 'ignore',
  });
}

/**
 * Resolves once `server` answers at `base`. A server that exits first fails it, so that a left-over
 * server holding the port never answers for it; so does one silent past `timeoutMs`.
 */
export async function untilAnswering(
  server: ChildProcess,
  base: string,
  { pollMs = 100, timeoutMs = Infinity }: { pollMs?: number; timeoutMs?: number } = {},
): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  while (server.exitCode === null && Date.now() < giveUpAt) {
    try {
      if ((await fetch(`${base}/api/v1/openapi.json`)).ok && server.exitCode === null) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(server.exitCode === null ? 'the server did not start' : `the server exited (${server.exitCode})`);
}
