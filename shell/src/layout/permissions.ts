import { useEffect, useState } from 'react';
import { apiClient, useSession } from 'shared';
import type { Schemas } from 'api/contract';

/**
 * What the signed-in member's role allows (the server's permission table, read from GET /account):
 * 'unknown' while it loads, 'all' when it cannot be read (the server still refuses what the role may
 * not do, in words), else the list. The menu hides the screens whose route table names a permission
 * the role lacks.
 */
export type Permissions = readonly string[] | 'unknown' | 'all';

export function usePermissions(): Permissions {
  const token = useSession()?.token;
  // Kept with the session it was read for: another sign-in reads it again, and shows 'unknown' meanwhile.
  const [known, setKnown] = useState<{ token: string; permissions: Exclude<Permissions, 'unknown'> }>();
  useEffect(() => {
    if (!token) return;
    let live = true;
    apiClient
      .get<{ data: Schemas['Account'] }>('/account', { silent: true })
      .then(({ data }) => live && setKnown({ token, permissions: data.data.permissions }))
      .catch(() => live && setKnown({ token, permissions: 'all' }));
    return () => {
      live = false;
    };
  }, [token]);
  return known && known.token === token ? known.permissions : 'unknown';
}

/** Whether a screen that needs `permission` (its route table's) is shown. */
export function shown(permission: string | undefined, permissions: Permissions): boolean {
  if (!permission || permissions === 'all') return true;
  return permissions !== 'unknown' && permissions.includes(permission);
}
