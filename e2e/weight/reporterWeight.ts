import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { WireFile } from './loginWeight';

const root = path.resolve(__dirname, '..', '..');
const REPORTER = path.join(root, 'shell', 'src', 'remotes', 'reportFailure.ts');
/** A string only the reporter's code holds: the address it reports to. */
const MARK = '/api/v1/client-reports';

/** The error reporter alone, minified and compressed with brotli as the server sends the shell's files. */
export function reporterBytes(): number {
  const code = execFileSync(
    path.join(root, 'node_modules', '.bin', 'esbuild'),
    [REPORTER, '--bundle', '--minify', '--format=esm', '--target=es2022'],
    { encoding: 'utf8' },
  );
  return brotliCompressSync(Buffer.from(code)).length;
}

/**
 * What the shell's error reporter adds to the login page: its compressed size when one of the login
 * page's files carries it, nothing when it is only in a chunk loaded after sign-in. Answers the files
 * that carry it too.
 */
export async function reporterOnLoginPage(
  base: string,
  files: WireFile[],
): Promise<{ added: number; own: number; carriedBy: string[] }> {
  const carriedBy: string[] = [];
  for (const { path: file } of files) {
    const text = await (await fetch(`${base}${file}`)).text();
    if (text.includes(MARK)) carriedBy.push(file);
  }
  const own = reporterBytes();
  return { added: carriedBy.length ? own : 0, own, carriedBy };
}
