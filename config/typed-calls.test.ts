import fs from 'node:fs';
import path from 'node:path';
import { compileErrors } from './scratch-compile';

// Every call of the apps is typed from the contract's generated `paths` (shared's `callApi`): a route or
// a field the server renames fails the typecheck of the app that calls it. Each case compiles one
// app's calls, with that app's compiler options, against a changed copy of the contract held in memory.

const root = path.join(__dirname, '..');
const contractFile = path.join(root, 'api', 'contract', 'types.ts');
const contract = fs.readFileSync(contractFile, 'utf8');

/** The errors of compiling `app/src/file` (and what it imports) against `types` as the contract. */
const errorsOf = (app: string, file: string, types: string) =>
  compileErrors(app, path.join(app, 'src', file), { [contractFile]: types });

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
