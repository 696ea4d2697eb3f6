import { screen, within } from '@testing-library/react';
import { userEvent as userEvents } from '@testing-library/user-event';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import { PublishedReleases } from './PublishedReleases';

// Settings → Deployed versions → Releases: each published release of a remote that is not live can be
// previewed in this browser alone; the CI's link starts the same preview.

const userEvent = userEvents.setup({ delay: null });

const remotes = [
  { name: 'content', label: 'Content' },
  { name: 'finance', label: 'Finance' },
];
const released = (release: string, marks: { live?: boolean; previous?: boolean } = {}) => ({
  release,
  version: release.split('-')[0],
  commit: '82f1e40d9b1a',
  builtAt: '2026-11-23T09:05:00.000Z',
  live: false,
  previous: false,
  ...marks,
});
const listings: Record<string, unknown[]> = {
  content: [released('1.1.0-bbbbbbb', { live: true }), released('1.0.0-aaaaaaa', { previous: true })],
  finance: [released('1.5.0-ddddddd'), released('1.4.0-ccccccc', { live: true })],
};

function releasesApi(preview: (body: unknown) => [number, unknown] = () => [200, { message: 'Preview started' }]) {
  return stubApi({
    'GET /releases/content': () => [200, { message: 'ok', data: listings.content }],
    'GET /releases/finance': () => [200, { message: 'ok', data: listings.finance }],
    'POST /releases/finance/preview': (call) => preview(call.body),
    'POST /releases/content/preview': (call) => preview(call.body),
  });
}

function show(path = '/settings/versions') {
  const started = jest.fn();
  const { router } = renderRoutes(
    [{ path: '/settings/versions', element: <PublishedReleases remotes={remotes} onPreviewStarted={started} /> }],
    path,
  );
  return Object.assign(started, { router });
}

beforeEach(() => signIn());

describe('the releases an Admin may preview', () => {
  it("lists a remote's releases with their state, and Preview starts this browser's preview", async () => {
    const calls = releasesApi();
    const started = show();
    const table = await screen.findByRole('table', { name: 'Releases of Content' });
    expect(within(table).getByRole('row', { name: /1\.1\.0-bbbbbbb .* Live/ })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Remote'), 'Finance');
    const finance = await screen.findByRole('table', { name: 'Releases of Finance' });
    // The live release has nothing to preview.
    expect(within(finance).queryByRole('button', { name: 'Preview Finance 1.4.0-ccccccc' })).toBeNull();
    await userEvent.click(within(finance).getByRole('button', { name: 'Preview Finance 1.5.0-ddddddd' }));
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      ['/releases/finance/preview', { release: '1.5.0-ddddddd' }],
    ]);
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('starts the preview the CI link names, once, and leaves the address clean', async () => {
    const calls = releasesApi();
    const started = show('/settings/versions?preview=finance%2F1.5.0-ddddddd');
    expect(await screen.findByRole('table', { name: 'Releases of Finance' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Preview Finance 1.5.0-ddddddd' });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/releases/finance/preview',
    ]);
    expect(started).toHaveBeenCalledTimes(1);
    expect(started.router.state.location.search).toBe('');
  });

  it('says why a preview is refused, and the page stays as it was', async () => {
    releasesApi(() => [409, { message: 'Finance 1.5.0-ddddddd is already live: there is nothing to preview' }]);
    const started = show('/settings/versions?preview=finance%2F1.5.0-ddddddd');
    expect(await screen.findByText(/is already live: there is nothing to preview/)).toBeInTheDocument();
    expect(started).not.toHaveBeenCalled();
  });
});
