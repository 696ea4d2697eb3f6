import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import styled from 'styled-components';
import { LoginScreen } from '../auth/LoginScreen';
import { logOut } from '../auth/auth';
import { useSession } from '../session/session';
import { AppProviders } from '../providers/AppProviders';
import { Button } from '../ui/Button';

const Bar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.color.sidebar};
  color: #fff;
`;
const Main = styled.main`
  padding: ${({ theme }) => theme.space(6)};
`;

function Harness({ App, name }: { App: ComponentType; name: string }) {
  const current = useSession();
  if (!current) return <LoginScreen />;
  return (
    <>
      <Bar>
        <strong>{name} — standalone</strong>
        <Button variant="ghost" onClick={() => void logOut()}>
          Logout
        </Button>
      </Bar>
      <Main>
        <App />
      </Main>
    </>
  );
}

/**
 * Runs a remote on its own dev server, for its team: login, then the remote's routes.
 * The shell is not involved; the API is reached through the dev server's proxy.
 */
export function renderStandalone(App: ComponentType, name: string) {
  const router = createBrowserRouter([{ path: '*', element: <Harness App={App} name={name} /> }]);
  createRoot(document.getElementById('root')!).render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
