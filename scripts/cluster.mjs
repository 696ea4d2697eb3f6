#!/usr/bin/env node
// `npm run cluster`: the product on more than one instance, as a diocese would run it — a throw-away
// PostgreSQL (scripts/pg-test-cluster.sh), two API instances on it and Debian's nginx balancing between
// them, all at one URL (docs/several-instances.md). Ctrl-C stops everything.
//
//   npm run cluster [-- --port 8080] [--data-dir ./data-cluster]
//
// The e2e suite imports startCluster() to prove the topology (e2e/tests/cluster.spec.ts) and the bench
// measures it; both give their own ports and folders.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverScript = path.join(root, 'api', 'dist', 'server.js');

function findNginx() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx', '/usr/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  throw new Error('nginx is not installed: apt-get install -y nginx');
}

async function answering(url, isAlive, log, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`${url}: the process exited before answering:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${log()}`);
}

/** Spawns a child whose output is kept (the last 20,000 characters) or passed on with a prefix. */
function child(command, args, { env, quiet, label }) {
  const process_ = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (!quiet) {
      for (const line of chunk.toString().split('\n')) if (line) console.log(`[${label}] ${line}`);
    }
  };
  process_.stdout.on('data', keep);
  process_.stderr.on('data', keep);
  return { process: process_, log: () => output };
}

function stopped(process_, signal) {
  if (process_.exitCode !== null || process_.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => process_.once('exit', resolve));
  process_.kill(signal);
  return exited;
}

/** One API instance: `node api/dist/server.js` on its own port, which it keeps across restarts. */
function instance({ port, env, quiet, label }) {
  let running;
  const url = `http://127.0.0.1:${port}`;
  const start = async () => {
    running = child(process.execPath, [serverScript], { env: { ...env, PORT: String(port) }, quiet, label });
    const current = running.process;
    await answering(`${url}/api/v1/version`, () => current.exitCode === null && !current.signalCode, running.log);
  };
  return {
    url,
    start,
    restart: start,
    kill: (signal = 'SIGTERM') => stopped(running.process, signal),
    log: () => running?.log() ?? '',
  };
}

function nginxConfig({ dir, port, upstreams }) {
  return `# Written by scripts/cluster.mjs: nginx balancing the API instances.
daemon off;
master_process on;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user nobody nogroup;' : ''}
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The instances keep their own body limits and slow-client deadlines: nginx passes bodies on as they come.
  client_max_body_size 0;
  proxy_request_buffering off;
  upstream api {
${upstreams.map((upstream) => `    server ${upstream} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # An instance that is down is skipped; a request already sent to it is never repeated (a POST may
      # have been written), so only refused connections and timeouts before sending move on.
      proxy_next_upstream error timeout;
      proxy_connect_timeout 1s;
      proxy_read_timeout 120s;
    }
  }
}
`;
}

/**
 * Starts PostgreSQL, `instances` API servers on it and nginx in front. Ports: nginx on `port`, the
 * instances on the next ones, PostgreSQL on `pgPort`. Answers the balanced URL, the instances (to kill and
 * restart one) and stop().
 */
export async function startCluster({
  port = 8080,
  pgPort = port + 10,
  instances: count = 2,
  dataDir = path.join(root, 'data-cluster'),
  pgDir = path.join(dataDir, 'postgresql'),
  quiet = false,
  env = {},
} = {}) {
  if (!existsSync(serverScript)) throw new Error('api/dist/server.js is missing: npm run build');
  const nginx = findNginx();
  mkdirSync(dataDir, { recursive: true });
  // PostgreSQL runs as `postgres` and nginx's workers as `nobody`: they must reach their folders.
  for (const folder of new Set([path.dirname(pgDir), dataDir])) chmodSync(folder, 0o711);

  const stops = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => undefined);
    stops.length = 0;
  };
  try {
    const pg = spawnSync('bash', [path.join(root, 'scripts', 'pg-test-cluster.sh'), 'start', pgDir, String(pgPort)], {
      encoding: 'utf8',
    });
    if (pg.status !== 0) throw new Error(`PostgreSQL did not start:\n${pg.stderr}`);
    stops.push(async () => {
      spawnSync('bash', [path.join(root, 'scripts', 'pg-test-cluster.sh'), 'stop', pgDir]);
    });
    const databaseUrl = pg.stdout.trim().split('\n').pop();
    const url = `http://127.0.0.1:${port}`;

    const servers = Array.from({ length: count }, (_, index) =>
      instance({
        port: port + 1 + index,
        quiet,
        label: `api ${String.fromCharCode(65 + index)}`,
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          // One DATA_DIR for the instances of one machine: each receives uploads into a folder of its
          // own; the files themselves, the sessions, the limits and the chores' locks are in PostgreSQL.
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          PUBLIC_URL: url,
          // nginx is on the loopback: the client is the address it adds to X-Forwarded-For.
          TRUST_PROXY: 'loopback',
          ...env,
        },
      }),
    );
    // One after the other: the first does the migrations and the first administrator while the others wait.
    for (const server of servers) {
      stops.push(() => server.kill('SIGTERM'));
      await server.start();
    }

    const nginxDir = path.join(dataDir, 'nginx');
    mkdirSync(nginxDir, { recursive: true });
    const configFile = path.join(nginxDir, 'nginx.conf');
    writeFileSync(
      configFile,
      nginxConfig({ dir: nginxDir, port, upstreams: servers.map((server) => new URL(server.url).host) }),
    );
    const balancer = child(nginx, ['-p', nginxDir, '-e', path.join(nginxDir, 'error.log'), '-c', configFile], {
      env: process.env,
      quiet,
      label: 'nginx',
    });
    stops.push(() => stopped(balancer.process, 'SIGTERM'));
    await answering(
      `${url}/api/v1/version`,
      () => balancer.process.exitCode === null,
      () => balancer.log(),
    );
    return { url, databaseUrl, instances: servers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function option(args, name, fallback) {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs'), '--build-only'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const port = Number(option(args, '--port', process.env.PORT ?? 8080));
  const dataDir = path.resolve(option(args, '--data-dir', process.env.DATA_DIR ?? path.join(root, 'data-cluster')));
  // PUBLIC_URL, ADMIN_EMAIL and the rest of the environment reach the instances; the address nginx
  // listens on is the default PUBLIC_URL.
  const env = process.env.PUBLIC_URL ? { PUBLIC_URL: process.env.PUBLIC_URL } : {};
  startCluster({ port, dataDir, env }).then(
    (cluster) => {
      console.log(
        `[cluster] ${cluster.url} → nginx → ${cluster.instances.map((server) => server.url).join(', ')}; ` +
          `PostgreSQL ${cluster.databaseUrl}. Ctrl-C stops them all.`,
      );
      let stopping = false;
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
        process.on(signal, () => {
          if (stopping) return;
          stopping = true;
          void cluster.stop().then(() => process.exit(0));
        });
      }
    },
    (error) => {
      console.error(`[cluster] ${error.message}`);
      process.exit(1);
    },
  );
}
