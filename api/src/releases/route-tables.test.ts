import path from 'node:path';
import { emptyMap, type StoredMap } from './map';
import { claimProblems, pathOwners } from './paths';
import { readRouteTable, type RouteTable } from './store';

// The route tables the remotes ship with each release go through the same checks as at publish and
// deploy: a table that did not hold would be refused there, after the build.
const REMOTES = ['content', 'community', 'finance'];
const tables = new Map<string, RouteTable>(
  REMOTES.map((name) => [name, readRouteTable(path.join(__dirname, '..', '..', '..', `remote-${name}`))]),
);
const map: StoredMap = {
  ...emptyMap(),
  remotes: Object.fromEntries(REMOTES.map((name) => [name, { release: '1.0.0-aaaaaaa' }])),
};
const owners = pathOwners(map, (remote) => tables.get(remote));

it.each(REMOTES)("%s's route table holds and claims no path of the shell's or of another remote", (name) => {
  expect(claimProblems(name, tables.get(name)!, owners)).toEqual([]);
});

it('declares each section of Settings at its own address, titled Settings, open to every member', () => {
  const settings = tables.get('finance')!.routes.filter((route) => route.path.startsWith('/settings'));
  expect(settings.map((route) => route.path)).toEqual([
    '/settings',
    '/settings/profile',
    '/settings/password',
    '/settings/two-factor',
    '/settings/sessions',
    '/settings/parish',
    '/settings/team',
    '/settings/mail',
    '/settings/activity',
    '/settings/trash',
    '/settings/backups',
    '/settings/versions',
  ]);
  // The shell refuses a route whose permission the role lacks without loading it; Team, Activity,
  // Trash and Backups say so themselves, beside the section navigation.
  expect(settings.every((route) => route.title === 'Settings' && route.permission === undefined)).toBe(true);
  // One entry in the side menu: Settings, current on every section.
  expect(settings.filter((route) => route.menu).map((route) => route.path)).toEqual(['/settings']);
});
