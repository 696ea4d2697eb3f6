import { SessionDialog } from '../auth/SessionDialog';
import { ToastHost } from '../notify/ToastHost';

/** What shows over any page: the session's sign-in dialog and the toasts. */
export default function Overlays() {
  return (
    <>
      <SessionDialog />
      <ToastHost />
    </>
  );
}
