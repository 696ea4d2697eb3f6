import { ToastContainer } from 'react-toastify';
import { DEFAULT_TOAST_MS } from './notify';

/** The one toast container of the page (top-right, spec §2 Notifications). */
export function ToastHost() {
  return <ToastContainer position="top-right" autoClose={DEFAULT_TOAST_MS} newestOnTop closeOnClick />;
}
