const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The controls inside `box` that Tab reaches, in their order (none inside a hidden part, none taken
 * out of the Tab order by tabindex -1, as a calendar's days but the focused one are).
 */
export function focusableIn(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (control) => !control.closest('[hidden]') && control.tabIndex >= 0,
  );
}

/**
 * For a dialog or a drawer that holds the focus, on a Tab key press: Tab from its last control goes to
 * its first, Shift+Tab from the first to its last.
 */
export function keepFocusIn(box: HTMLElement, event: KeyboardEvent): void {
  const controls = focusableIn(box);
  if (controls.length === 0) return;
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !box.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !box.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
