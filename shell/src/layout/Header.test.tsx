import { screen, within } from '@testing-library/react';
import { session } from 'shared';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import { RemotesMapStore, type RemotesMap } from '../remotes/remotesMap';
import { appRoutes } from '../app/router';

jest.mock('../remotes/federation', () => ({
  ...jest.requireActual('../remotes/federation'),
  prefetchRemotes: jest.fn(() => () => undefined),
  loadRemoteApp: jest.fn(async (remote: { name: string }) => ({ default: () => <p>{remote.name} remote screen</p> })),
}));

const map: RemotesMap = {
  apiBaseUrl: '/api/v1',
  loadTimeoutMs: 3000,
  remotes: [
    {
      name: 'content',
      label: 'Content',
      routes: [{ path: '/bookshelf', title: 'Bookshelf', menu: { group: 'Main', label: 'Bookshelf', order: 1 } }],
      release: '1.0.0-aaaaaaa',
      entry: '/remotes/content/1.0.0-aaaaaaa/mf-manifest.json',
    },
  ],
};
const config = new RemotesMapStore(async () => map);
beforeAll(() => config.refresh());
beforeEach(() => {
  session.clear();
  signIn();
});

/** Today in a zone, as the header shows it (dd/mm/yyyy). */
const todayIn = (timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(new Date())
    .map((part) => part.value);
  return parts.join('');
};

describe('the header', () => {
  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
    'names the parish and shows its day in its zone (%s), wherever the browser is',
    async (timeZone) => {
      stubApi({
        'GET /parish': () => [
          200,
          { message: 'ok', data: { name: 'Holy Family', currency: 'GHS', timeZone, weekStart: 0 } },
        ],
      });
      renderRoutes(appRoutes(config), '/bookshelf');
      const header = await screen.findByRole('banner');
      expect(await within(header).findByText('Holy Family')).toBeInTheDocument();
      expect(within(header).getByText(todayIn(timeZone))).toBeInTheDocument();
    },
  );
});
