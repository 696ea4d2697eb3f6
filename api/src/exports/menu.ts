import type { ExportDefinition } from './definition';

// Each list's export is declared by its feature (a resource's with its definition); this is only the
// menu's order, which the OpenAPI document's paths follow too.

/** The exports in the order of the menu (and of the OpenAPI document); one it does not name comes last. */
const MENU = [
  'books',
  'bible-readings',
  'live-streams',
  'adult-reflections',
  'children-reflections',
  'groups',
  'mass-intentions',
  'prayer-requests',
  'donations',
  'bank-accounts',
  'prayers',
  'activity',
];

export function inMenuOrder(exports: readonly ExportDefinition[]): ExportDefinition[] {
  const place = (definition: ExportDefinition) => {
    const index = MENU.indexOf(definition.name);
    return index < 0 ? MENU.length : index;
  };
  return [...exports].sort((a, b) => place(a) - place(b));
}
