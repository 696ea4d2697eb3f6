import fs from 'node:fs';
import path from 'node:path';
import { REMOTES, ROUTES_MODULE, routesModule, staleRoutesModules } from './remote-routes';
import { compileErrors } from './scratch-compile';
import type { Schemas } from '../api/contract';

// Each remote's App places its screens by the paths of its routes.json (through the generated
// src/routes.ts): a path without a screen, or a screen without a path, fails the typecheck. Each case
// compiles the remote's App with its compiler options, against changed copies held in memory.

const root = path.join(__dirname, '..');
const remote = 'remote-community';
const appFile = path.join(root, remote, 'src', 'App.tsx');
const routesFile = path.join(root, remote, ROUTES_MODULE);
const app = fs.readFileSync(appFile, 'utf8');
const table = JSON.parse(fs.readFileSync(path.join(root, remote, 'routes.json'), 'utf8')) as Schemas['RouteTable'];

/** The errors of compiling the remote's App with `changed` files (path → text) in place of the real ones. */
const errorsOf = (changed: Record<string, string>) => compileErrors(remote, appFile, changed);

/** App.tsx with `from` (which must be there) written `to`. */
function appWith(from: string, to: string): string {
  expect(app).toContain(from);
  return app.replace(from, to);
}

const minutes = 4 * 60 * 1000;

it("each remote's src/routes.ts says what its routes.json says", () => {
  expect(REMOTES).toHaveLength(3);
  expect(staleRoutesModules().map(({ remote: name }) => name)).toEqual([]);
});

describe("a remote's screens and the paths of its routes.json", () => {
  it(
    'compile as they are',
    () => {
      expect(errorsOf({})).toEqual([]);
    },
    minutes,
  );

  it(
    'refuse a path of routes.json without a screen',
    () => {
      const errors = errorsOf({
        [appFile]: appWith("  '/prayer-requests': <PrayerRequestsScreen />,\n", ''),
      });
      expect(errors.join('\n')).toMatch(/src\/App\.tsx: .*Property '"\/prayer-requests"' is missing/);
    },
    minutes,
  );

  it(
    'refuse a screen for a path that routes.json does not declare',
    () => {
      const errors = errorsOf({
        [appFile]: appWith(
          "  '/prayer-requests': <PrayerRequestsScreen />,\n",
          "  '/prayer-requests': <PrayerRequestsScreen />,\n  '/nowhere': <PrayerRequestsScreen />,\n",
        ),
      });
      expect(errors.join('\n')).toMatch(/src\/App\.tsx: .*never/);
    },
    minutes,
  );

  it(
    'refuse a path added to routes.json until it has a screen',
    () => {
      const added = routesModule({
        ...table,
        routes: [...table.routes, { path: '/prayer-requests/:id', title: 'Prayer Request' }],
      });
      const errors = errorsOf({ [routesFile]: added });
      expect(errors.join('\n')).toMatch(/src\/App\.tsx: .*Property '"\/prayer-requests\/:id"' is missing/);
    },
    minutes,
  );
});
