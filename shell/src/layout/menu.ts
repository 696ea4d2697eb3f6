import type { RemotesMap } from '../remotes/remotesMap';
import { shellPages } from './pages';
import { allows, type Permissions } from 'shared';

/** The side menu (spec §2 Shell), composed from the shell's own screens and the remotes' route tables. */
export interface MenuGroup {
  title: string;
  entries: { label: string; to: string }[];
}

/** The spec's groups, in its order; a group a remote names that is not here comes after them. */
const GROUP_ORDER = ['Main', 'Media', 'Reflections', 'Community', 'Finance', 'Others'];

export function composeMenu(map: RemotesMap | undefined, permissions: Permissions = 'all'): MenuGroup[] {
  const placed = [...shellPages, ...(map?.remotes.flatMap((remote) => remote.routes) ?? [])].flatMap((route) =>
    route.menu && allows(permissions, route.permission) ? [{ ...route.menu, to: route.path }] : [],
  );
  const groups = [
    ...GROUP_ORDER,
    ...placed.map((entry) => entry.group).filter((group) => !GROUP_ORDER.includes(group)),
  ];
  return [...new Set(groups)]
    .map((title) => ({
      title,
      entries: placed
        .filter((entry) => entry.group === title)
        .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label))
        .map(({ label, to }) => ({ label, to })),
    }))
    .filter((group) => group.entries.length > 0);
}
