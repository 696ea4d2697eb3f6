import fs from 'node:fs';
import path from 'node:path';
import { PERMISSIONS } from './permissions';

// The remotes' route tables name the permission a screen needs (the shell hides and refuses what a role
// lacks); each name must be one the server's table knows, or the screen would be hidden from everyone.
it.each(['remote-content', 'remote-community', 'remote-finance'])(
  "%s's route table names only permissions the server knows",
  (remote) => {
    const table = JSON.parse(
      fs.readFileSync(path.join(__dirname, '..', '..', '..', remote, 'routes.json'), 'utf8'),
    ) as {
      routes: { path: string; permission?: string }[];
    };
    const unknown = table.routes.filter(
      (route) => route.permission !== undefined && !(PERMISSIONS as readonly string[]).includes(route.permission),
    );
    expect(unknown).toEqual([]);
  },
);
