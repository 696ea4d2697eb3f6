import { inMenuOrder } from './RemotePrefetch';
import type { RemotesMap } from './remotesMap';

const remote = (name: string, path: string, group: string): RemotesMap['remotes'][number] => ({
  name,
  label: name,
  release: '1.0.0-1234567',
  entry: `/remotes/${name}/1.0.0-1234567/mf-manifest.json`,
  routes: [
    { path: `${path}/:id`, title: `${name} details` },
    { path, title: name, menu: { group, label: name, order: 1 } },
  ],
});

it('prefetches the remotes in the side menu’s order, one without a menu entry last', () => {
  const map: RemotesMap = {
    apiBaseUrl: '/api/v1',
    loadTimeoutMs: 3000,
    remotes: [
      remote('community', '/group-list', 'Community'),
      { ...remote('hidden', '/hidden', 'Media'), routes: [{ path: '/hidden', title: 'Hidden' }] },
      remote('finance', '/donations', 'Finance'),
      remote('content', '/bookshelf', 'Media'),
    ],
  };
  expect(inMenuOrder(map).map(({ name }) => name)).toEqual(['content', 'community', 'finance', 'hidden']);
});
