import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Every call of the apps is typed from the contract's generated `paths` (shared's `callApi`): a route or
// a field the server renames fails the typecheck of the app that calls it. Each case compiles one
// app's calls, with that app's compiler options, against a changed copy of the contract held in memory.

const root = path.join(__dirname, '..');
const contractFile = fs.realpathSync(path.join(root, 'api', 'contract', 'types.ts'));
const contract = fs.readFileSync(contractFile, 'utf8');

const realpath = (file: string) => {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
};

/** Parsed once for every case: only the contract differs between them. */
const parsed = new Map<string, ts.SourceFile>();

/** The errors of compiling `app/src/file` (and what it imports) against `types` as the contract. */
function errorsOf(app: string, file: string, types: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, app, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
      },
    },
  )!;
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (realpath(name) === contractFile ? types : readFile(name));
  host.getSourceFile = (name, language, onError) => {
    if (realpath(name) === contractFile) return ts.createSourceFile(name, types, language);
    const key = `${name} ${JSON.stringify(language)}`;
    if (!parsed.has(key)) {
      const source = getSourceFile(name, language, onError);
      if (!source) return undefined;
      parsed.set(key, source);
    }
    return parsed.get(key);
  };
  const program = ts.createProgram([path.join(root, app, 'src', file)], config.options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (diagnostic) =>
        `${diagnostic.file ? path.relative(root, diagnostic.file.fileName) : ''}: ` +
        ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
    );
}

/** The contract with the first `from` after `after` written `to`. */
function renamed(after: string, from: string, to: string): string {
  const start = contract.indexOf(after);
  const at = contract.indexOf(from, start);
  expect(start).toBeGreaterThanOrEqual(0);
  expect(at).toBeGreaterThan(start);
  return contract.slice(0, at) + to + contract.slice(at + from.length);
}

const minutes = 4 * 60 * 1000;

describe('calls typed from the contract', () => {
  it(
    'compile against the contract as generated',
    () => {
      expect(errorsOf('remote-content', 'books/api.ts', contract)).toEqual([]);
      expect(errorsOf('remote-finance', 'donations/api.ts', contract)).toEqual([]);
    },
    minutes,
  );

  it(
    'fail where a route is renamed',
    () => {
      const changed = renamed('export interface paths', "'/api/v1/single/book/{id}'", "'/api/v1/single/books/{id}'");
      const errors = errorsOf('remote-content', 'books/api.ts', changed);
      expect(errors).toContainEqual(
        expect.stringMatching(/^remote-content\/src\/books\/api\.ts: .*single\/book\/\{id\}/),
      );
    },
    minutes,
  );

  it(
    "fail where a form's field is renamed",
    () => {
      const changed = renamed(
        "'/api/v1/add/donation/{userId}'",
        'donationDescription: string;',
        'description: string;',
      );
      const errors = errorsOf('remote-finance', 'donations/api.ts', changed);
      expect(errors).toContainEqual(expect.stringMatching(/^remote-finance\/src\/donations\/api\.ts: .*description/));
    },
    minutes,
  );

  it(
    "fail where an answer's field is renamed",
    () => {
      // The dashboard reads `data` of GET /analytics/{userId}: an answer without it fails.
      const changed = renamed("'/api/v1/analytics/{userId}'", 'data: ', 'figures: ');
      const errors = errorsOf('shell', 'dashboard/api.ts', changed);
      expect(errors).toContainEqual(expect.stringMatching(/^shell\/src\/dashboard\/api\.ts: .*'data'/));
    },
    minutes,
  );
});
