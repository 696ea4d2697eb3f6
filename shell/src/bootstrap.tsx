import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders, configureApi } from 'shared';
import { createAppRouter } from './app/router';
import { registerFromConfig } from './remotes/federation';
import { fetchRemotesConfig } from './remotes/remotesConfig';

async function start() {
  const config = await fetchRemotesConfig();
  configureApi({ baseURL: config.apiBaseUrl });
  registerFromConfig(config.remotes);
  const router = createAppRouter(config);
  createRoot(document.getElementById('root')!).render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

void start();
