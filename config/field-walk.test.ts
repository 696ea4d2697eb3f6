import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// An optional field of a resource is one definition on each side. The proof: in a scratch copy of the
// repository, an optional `author` is added to Book in exactly four places — the migration (its file
// and its line in the index), the server's definition (books/schemas.ts), the client's form definition
// (books/form.ts) and that form's test —
// and, once built, the author is a field of the form whose value is sent, is stored and answered by the
// API over HTTP (given or left out), and is a row of the details screen. Nothing else is edited by hand;
// the contract the clients import is generated from the server (`npm run contract`).

const root = path.join(__dirname, '..');
const WORKSPACES = ['shared', 'shell', 'remote-content', 'remote-community', 'remote-finance', 'api', 'e2e'];
const AUTHOR = 'Thomas à Kempis';

const MIGRATIONS = 'api/src/db/migrations';

/** The hand-edited files of the walk, the new migration's own file aside (named when it is written). */
const WALK = [
  'api/src/books/schemas.ts',
  `${MIGRATIONS}/index.ts`,
  'remote-content/src/books/books.test.tsx',
  'remote-content/src/books/form.ts',
];

let scratch = '';

function run(command: string, args: string[], cwd = scratch): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** Runs a command to its end without blocking the others: its output on failure. */
function runAsync(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: scratch, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/** The working tree's files as git knows them (tracked, or new and not ignored), as they are now. */
function copyRepository(to: string): void {
  const files = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], root)
    .split('\0')
    .filter((file) => file && fs.existsSync(path.join(root, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(to, file));
  }
  // The installed packages are shared, but a workspace resolves to the copy's own.
  fs.mkdirSync(path.join(to, 'node_modules'));
  for (const entry of fs.readdirSync(path.join(root, 'node_modules'))) {
    const target = WORKSPACES.includes(entry) ? path.join(to, entry) : path.join(root, 'node_modules', entry);
    fs.symlinkSync(target, path.join(to, 'node_modules', entry));
  }
  for (const workspace of WORKSPACES) {
    const own = path.join(root, workspace, 'node_modules');
    if (fs.existsSync(own)) fs.symlinkSync(own, path.join(to, workspace, 'node_modules'));
  }
  run('git', ['init', '-q'], to);
  run('git', ['add', '-A'], to);
  run('git', ['-c', 'user.name=walk', '-c', 'user.email=walk@example.com', 'commit', '-qm', 'before'], to);
}

/** Writes `file` of the copy with `insert` put before (or after) the one place `anchor` is. */
function edit(file: string, anchor: string | RegExp, insert: string, where: 'before' | 'after' = 'after'): void {
  const full = path.join(scratch, file);
  const text = fs.readFileSync(full, 'utf8');
  const match = typeof anchor === 'string' ? { index: text.indexOf(anchor), 0: anchor } : anchor.exec(text);
  if (!match || match.index < 0) throw new Error(`${file}: no ${String(anchor)}`);
  const at = where === 'before' ? match.index : match.index + match[0].length;
  fs.writeFileSync(full, text.slice(0, at) + insert + text.slice(at));
}

/** The optional author, added as an engineer would: the four places and nothing else. Answers the migration's file. */
function addAuthor(): string {
  const numbers = fs
    .readdirSync(path.join(scratch, MIGRATIONS))
    .map((file) => /^(\d{4})_\w+\.ts$/.exec(file))
    .filter((match) => match !== null)
    .map((match) => Number(match[1]));
  const number = String(Math.max(...numbers) + 1).padStart(4, '0');
  const name = `${number}_book_author`;
  fs.writeFileSync(
    path.join(scratch, MIGRATIONS, `${name}.ts`),
    `import { Kysely } from 'kysely';
import type { FrozenMigration } from './helpers';

export const migration: FrozenMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('books')
      .addColumn('author', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('books').dropColumn('author').execute();
  },
};
`,
  );
  edit(`${MIGRATIONS}/index.ts`, /(^import .*\n)+/m, `import { migration as m${number} } from './${name}';\n`);
  edit(`${MIGRATIONS}/index.ts`, /\n\};\n/, `\n  '${name}': m${number},`, 'before');

  edit(
    'api/src/books/schemas.ts',
    '    bookLink: HttpUrl(LIMITS.bookLink),\n',
    '    author: Type.Optional(Type.String({ maxLength: 200 })),\n',
  );
  edit('api/src/books/schemas.ts', "bookLink: 'Link', ", "author: 'Author', ");
  edit(
    'api/src/books/schemas.ts',
    '  bookName: Type.String(),\n',
    '  author: Type.String({ description: "\'\' when none was given" }),\n',
  );

  edit(
    'remote-content/src/books/form.ts',
    "  { name: 'dateAdded'",
    "  { name: 'author', label: 'Author', kind: 'text', limit: BookFields.author },\n",
    'before',
  );

  edit('remote-content/src/books/books.test.tsx', "  bookName: 'The Imitation of Christ',\n", "  author: '',\n");
  fs.appendFileSync(
    path.join(scratch, 'remote-content/src/books/books.test.tsx'),
    `
describe('The author', () => {
  it('is a field of the form, sent with the book', async () => {
    const calls = stubApi({
      [\`POST /add/book/\${userId}\`]: () => [201, { message: 'Book added successfully', data: book }],
      'GET /all/books/': () => ok([book]),
    });
    render('/bookshelf-organizer');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Devotional');
    await userEvent.type(screen.getByLabelText('Title'), book.bookName);
    await userEvent.type(screen.getByLabelText('Author'), ' ${AUTHOR} ');
    await userEvent.type(screen.getByLabelText('Link'), book.bookLink);
    await userEvent.upload(screen.getByLabelText('Image'), new File(['png'], 'cover.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('Book added successfully')).toBeInTheDocument();
    const body = calls.find((call) => call.method === 'POST')!.body as FormData;
    expect(body.get('author')).toBe('${AUTHOR}');
  });

  it('is a row of the details', async () => {
    stubApi({ [\`GET /single/book/\${book._id}\`]: () => ok({ ...book, author: '${AUTHOR}' }) });
    render(\`/bookshelf/\${book._id}\`);
    const term = await screen.findByText('Author', { selector: 'dt' });
    expect(term.nextElementSibling).toHaveTextContent('${AUTHOR}');
  });
});
`,
  );
  return `${name}.ts`;
}

/** The files git sees changed in the copy. */
const changed = () =>
  run('git', ['status', '--porcelain', '--untracked-files=all'])
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3))
    .sort();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The copy's built server on an empty data directory, answering; `stop` ends it. */
async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'field-walk-data-'));
  const server: ChildProcess = spawn(process.execPath, [path.join(scratch, 'api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'walk@example.com',
      ADMIN_PASSWORD: 'walk-Password-1',
      PASSWORD_HASH_COST: '10',
      EVENT_LOOP_LAG_LIMIT_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ;) {
    try {
      if ((await fetch(`${url}/api/v1/openapi.json`)).ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The copy's server did not answer:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A 2×2 PNG, the cover of the books the API is sent. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkYPj/n4GBgYGJgYGBgQEAGw0CAtQu/ZcAAAAASUVORK5CYII=',
  'base64',
);

/** Adds a book over HTTP (with `author` when given), and reads it back by id. */
async function addAndRead(url: string, author: string | undefined): Promise<Record<string, unknown>> {
  const login = await fetch(`${url}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'walk@example.com', password: 'walk-Password-1' }),
  });
  expect(login.status).toBe(200);
  const { token, doesUserEmailExist } = (await login.json()) as { token: string; doesUserEmailExist: { _id: string } };
  const form = new FormData();
  form.set('bookName', 'The Imitation of Christ');
  form.set('bookLink', 'https://example.org/imitation');
  form.set('category', 'Devotional');
  if (author !== undefined) form.set('author', author);
  form.set('bookImage', new Blob([png], { type: 'image/png' }), 'cover.png');
  const added = await fetch(`${url}/api/v1/add/book/${doesUserEmailExist._id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = (await added.json()) as { data: { _id: string } };
  expect([added.status, answer]).toEqual([201, expect.objectContaining({ data: expect.any(Object) })]);
  const read = await fetch(`${url}/api/v1/single/book/${answer.data._id}`);
  expect(read.status).toBe(200);
  return ((await read.json()) as { data: Record<string, unknown> }).data;
}

// About a minute and a half on an idle 2-core machine; the limit is for a loaded one.
const minutes = 10 * 60 * 1000;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'field-walk-'));
  copyRepository(scratch);
}, minutes);

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe('an optional field added to Book', () => {
  it(
    'takes the migration, the two definitions and the form’s test, and shows on the form, the API and the details',
    async () => {
      const walk = [...WALK, `${MIGRATIONS}/${addAuthor()}`].sort();
      expect(changed()).toEqual(walk);

      // The server is built and its contract generated for the clients: only generated files more.
      run('npm', ['run', 'build', '-w', 'api']);
      run(process.execPath, ['scripts/contract.mjs']);
      const generated = changed().filter((file) => !walk.includes(file));
      expect(generated.every((file) => file.startsWith('api/contract/'))).toBe(true);
      expect(fs.readFileSync(path.join(scratch, 'api/contract/values.ts'), 'utf8')).toMatch(/author/);

      const server = await startServer();
      try {
        await Promise.all([
          // The client typechecks against the new contract, and its form's test runs in the copy (its
          // own time limits widened: it shares the machine with the compiler and the server).
          runAsync('npx', ['tsc', '-p', 'remote-content']),
          runAsync('npx', ['jest', '--selectProjects', 'remote-content', '--testTimeout', '60000', 'src/books/'], {
            CI: 'true',
          }),
          (async () => {
            // The API stores the author when given and '' when left out, and answers it.
            const withAuthor = await addAndRead(server.url, AUTHOR);
            const without = await addAndRead(server.url, undefined);
            expect(withAuthor).toMatchObject({ bookName: 'The Imitation of Christ', author: AUTHOR });
            expect(without).toMatchObject({ bookName: 'The Imitation of Christ', author: '' });
          })(),
        ]);
      } finally {
        await server.stop();
      }
    },
    minutes,
  );
});
