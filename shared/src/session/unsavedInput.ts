import { useEffect } from 'react';

// The forms on screen that hold input not saved yet. A session that ends while one does is renewed
// in a dialog over the screen instead of leaving for /login (docs/composition.md, "Session end without loss").
const holders = new Set<symbol>();

export const unsavedInput = {
  any: () => holders.size > 0,
};

/** While `active` (a form is dirty or being saved), the page holds unsaved input. */
export function useUnsavedInput(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const holder = Symbol('unsaved input');
    holders.add(holder);
    return () => {
      holders.delete(holder);
    };
  }, [active]);
}
