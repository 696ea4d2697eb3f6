import { ToastHost } from '../notify/ToastHost';
import { SessionDialog } from '../session/SessionDialog';

/** What shows over any page: the session's sign-in dialog and the toasts. */
export default function Overlays() {
  return (
    <>
      <SessionDialog />
      <ToastHost />
    </>
  );
}
