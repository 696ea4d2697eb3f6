import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { RemotesMapStore } from '../remotes/remotesMap';
import { createAppRouter } from './router';

/**
 * Every screen behind one data router. Its own chunk: the login page shows the password form without
 * the router, and this loads at the first press of Login (or at once when a session is stored).
 */
export default function App({ store }: { store: RemotesMapStore }) {
  // Made at the first render, so that it starts at the address of that moment (/login after a sign-in).
  const [router] = useState(() => createAppRouter(store));
  return <RouterProvider router={router} />;
}
