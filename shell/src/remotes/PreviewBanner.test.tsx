import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from 'shared/login';
import { stubApi } from 'shared/testing';
import { setReloadPage } from './federation';
import { PreviewBanner } from './PreviewBanner';
import { parseRemotesMap, RemotesMapStore, type RemotesMap } from './remotesMap';

const live: RemotesMap = {
  apiBaseUrl: '/api/v1',
  loadTimeoutMs: 3000,
  remotes: [{ name: 'finance', label: 'Finance', release: '1.4.0-aaaaaaa', entry: '/e.json', routes: [] }],
};
const previewing: RemotesMap = {
  ...live,
  preview: { remote: 'finance', label: 'Finance', version: '1.5.0', release: '1.5.0-bbbbbbb' },
};

async function showBanner(map: RemotesMap) {
  const store = new RemotesMapStore(async () => parseRemotesMap(JSON.parse(JSON.stringify(map))));
  await store.refresh();
  render(
    <AppProviders>
      <PreviewBanner store={store} />
    </AppProviders>,
  );
}

describe('the preview banner', () => {
  const reload = jest.fn();
  beforeAll(() => setReloadPage(reload));
  beforeEach(() => reload.mockReset());

  it('says which release this browser previews, and Leave preview ends it and loads the live releases', async () => {
    const calls = stubApi({ 'DELETE /releases/preview': () => [200, { message: 'Preview ended', data: null }] });
    await showBanner(previewing);
    const banner = screen.getByRole('region', { name: 'Preview' });
    expect(banner).toHaveTextContent('Previewing Finance 1.5.0 — Leave preview');
    await userEvent.click(screen.getByRole('button', { name: 'Leave preview' }));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['DELETE /releases/preview']);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the banner when leaving fails, so it can be left again', async () => {
    stubApi({ 'DELETE /releases/preview': () => [500, { message: 'Try again' }] });
    await showBanner(previewing);
    await userEvent.click(screen.getByRole('button', { name: 'Leave preview' }));
    expect(reload).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Leave preview' })).toBeEnabled();
  });

  it('shows nothing while no preview is on', async () => {
    await showBanner(live);
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
  });
});
