/** The spec's roles (Settings, spec §2). Every account made before roles existed is an Admin. */
export const ROLES = ['Admin', 'Manager', 'Guest User'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What each role may do: one table, which the server enforces on every call and the remotes'
 * route tables name (`"permission"` in routes.json) so that the shell hides what a role cannot open.
 *
 * - content: every write of the shared content (books, the Bible plan and its import, streams,
 *   reflections, groups, prayer requests, Masses and the scheduling of mass intentions, Section A
 *   prayers, About Us);
 * - finance: donations and bank accounts;
 * - team: the team and the activity record, and the remotes' releases: the deploy tokens and the release
 *   calls (a deploy token opens those of its remote alone).
 * Reading the screens (and the mobile app's public calls) needs none of them.
 */
export const PERMISSIONS = ['content', 'finance', 'team'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  Admin: ['content', 'finance', 'team'],
  Manager: ['content'],
  'Guest User': [],
};

export function can(role: string, permission: Permission): boolean {
  return (ROLE_PERMISSIONS[role as Role] ?? []).includes(permission);
}

/** Why a call is refused, in words (a 403). */
export function refusal(role: string, permission: Permission): string {
  if (role === 'Guest User') return 'A Guest User can look at everything but change nothing';
  if (permission === 'finance') return 'Only an Admin can change donations and bank accounts';
  if (permission === 'team') return 'Only an Admin can manage the team';
  return `Your role (${role}) cannot make this change`;
}
