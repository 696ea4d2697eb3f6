import { createAdmin } from '../auth/admins';
import type { TestServer } from './harness';

/** The roles a suite adds beside its server's Admin. */
export type TeamRole = 'Manager' | 'Guest User';

/** A member of the team with a session of its own. */
export interface SignedInMember {
  id: string;
  token: string;
}

/**
 * A Manager and a Guest User added to the server's team (manager@parish.org, guestuser@parish.org),
 * each signed in over HTTP as a browser would be.
 */
export async function signedInMembers(server: TestServer): Promise<Record<TeamRole, SignedInMember>> {
  const members = {} as Record<TeamRole, SignedInMember>;
  for (const role of ['Manager', 'Guest User'] as const) {
    const email = `${role.replace(' ', '').toLowerCase()}@parish.org`;
    const password = 'a member password';
    const id = await createAdmin(server.db, email, password, server.config.passwordHashCost, { role });
    const login = await server.call('POST', '/api/v1/admin/login', { json: { email, password } });
    members[role] = { id, token: login.body.token as string };
  }
  return members;
}
