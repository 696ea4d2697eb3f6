/**
 * The first calls after a start, beside a neighbour that keeps the disk busy: the production server
 * (its default load shedding) is started `rounds` times on the same data folder while another process
 * copies a few hundred MB in a loop, and the moment it first answers, a login and a prayer request
 * (the mobile app's submit) are sent together. A passing stall must not refuse them: the count of 503s
 * is the figure (goal 0). Run by `npm run bench -- restarts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnApi, untilAnswering } from './server';

const port = Number(process.env.RESTARTS_PORT ?? 4392);
const base = `http://127.0.0.1:${port}`;
const admin = { email: 'restarts@example.com', password: 'restarts-Password-1' };

export interface RestartResult {
  rounds: number;
  /** 503 answers among the first login and submit of each start. */
  shed: number;
  /** Every answer that was not the expected one (503s included), as "round: call status". */
  failures: string[];
  /** Milliseconds from spawning the server to its first answer, median. */
  startMedianMs: number;
  /** Bytes the neighbour copied while the rounds ran. */
  copiedMb: number;
}

/** A process copying `sizeMb` MB from one file to another in a loop, syncing each copy to disk. */
function fileCopyingNeighbour(sizeMb: number): { child: ChildProcess; folder: string; copies: () => number } {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-neighbour-'));
  const chunk = randomBytes(1024 * 1024);
  const source = path.join(folder, 'source');
  writeFileSync(source, Buffer.alloc(0));
  for (let i = 0; i < sizeMb; i++) writeFileSync(source, chunk, { flag: 'a' });
  const child = spawn('bash', ['-c', 'while :; do cp source copy && sync copy && rm -f copy && echo copied; done'], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  let copies = 0;
  child.stdout!.on('data', (data: Buffer) => (copies += data.toString().split('\n').length - 1));
  return { child, folder, copies: () => copies };
}

const stopped = (server: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });

export async function restarts(rounds = 20, neighbourMb = 300): Promise<RestartResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-restarts-'));
  const neighbour = fileCopyingNeighbour(neighbourMb);
  const failures: string[] = [];
  const starts: number[] = [];
  let shed = 0;
  try {
    for (let round = 1; round <= rounds; round++) {
      const started = performance.now();
      const server = spawnApi({
        port,
        dataDir,
        admin,
        // 20 starts' logins and submits from one address stay within the limits.
        env: { LOGIN_RATE_MAX: '1000', PUBLIC_RATE_MAX: '1000' },
      });
      try {
        await untilAnswering(server, base, { pollMs: 10 });
        starts.push(performance.now() - started);
        const [login, submit] = await Promise.all([
          fetch(`${base}/api/v1/admin/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(admin),
          }),
          fetch(`${base}/api/v1/prayer/request`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ request: `Restart ${round}: please pray for our family.` }),
          }),
        ]);
        for (const [what, answer, expected] of [
          ['login', login, 200],
          ['submit', submit, 201],
        ] as const) {
          if (answer.status === 503) shed++;
          if (answer.status !== expected) failures.push(`${round}: ${what} ${answer.status} ${await answer.text()}`);
          else await answer.arrayBuffer();
        }
      } finally {
        await stopped(server);
      }
    }
  } finally {
    process.kill(-neighbour.child.pid!, 'SIGTERM');
    rmSync(neighbour.folder, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  starts.sort((a, b) => a - b);
  return {
    rounds,
    shed,
    failures,
    startMedianMs: starts[Math.floor(starts.length / 2)] ?? NaN,
    copiedMb: neighbour.copies() * neighbourMb,
  };
}
