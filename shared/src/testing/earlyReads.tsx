import { waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { startEarlyReads, untakenEarlyReads } from '../api/earlyReads';
import { clientUrl } from '../api/paths';
import { session } from '../session/session';
import { stubApi } from './apiStub';
import { renderRoutes } from './render';

/**
 * For each screen of a remote's `earlyReads` (its generated routes.ts): starts its reads as the shell
 * does, answers them with an empty list, renders the screen and expects its own calls to take every
 * answer, none asked twice. A screen that came to read another address (or the same one with a query)
 * leaves its early read untaken, and the test names it.
 */
export async function expectScreensTakeTheirEarlyReads(
  App: ComponentType,
  earlyReads: Partial<Record<string, readonly string[]>>,
) {
  for (const [path, reads = []] of Object.entries(earlyReads)) {
    const urls = reads.map((read) => clientUrl(read, { userId: session.userId() ?? undefined }));
    const calls = stubApi(
      Object.fromEntries(
        urls.map((url) => [`GET ${url}`, (): [number, unknown] => [200, { message: 'ok', data: [] }]]),
      ),
    );
    startEarlyReads(reads, {});
    const screen = renderRoutes([{ path: '*', element: <App /> }], path);
    await waitFor(() => expect({ path, untaken: untakenEarlyReads() }).toEqual({ path, untaken: [] }));
    await waitFor(() =>
      expect({ path, asked: calls.map((call) => `${call.method} ${call.url}`) }).toEqual({
        path,
        asked: urls.map((url) => `GET ${url}`),
      }),
    );
    screen.unmount();
  }
}
