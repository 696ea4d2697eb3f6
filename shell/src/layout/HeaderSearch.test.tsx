import { act, fireEvent, screen } from '@testing-library/react';
import { useSearchParams } from 'react-router-dom';
import { renderRoutes } from 'shared/testing';
import { HeaderSearch } from './HeaderSearch';

/** Holds the thread, as a slow machine's render would. */
function holdThread(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Busy.
  }
}

/** A list that filters by `?q=` and takes a while to render, as a long list on a busy machine does. */
function SlowList({ renderMs }: { renderMs: number }) {
  const [params] = useSearchParams();
  holdThread(renderMs);
  return <p>Filtered by “{params.get('q') ?? ''}”</p>;
}

const renderSearch = (initialPath = '/list', renderMs = 0) =>
  renderRoutes(
    [
      {
        path: '/list',
        element: (
          <>
            <HeaderSearch />
            <SlowList renderMs={renderMs} />
          </>
        ),
      },
      { path: '/other', element: <p>Elsewhere</p> },
    ],
    initialPath,
  );

const q = (router: ReturnType<typeof renderSearch>['router']) =>
  new URLSearchParams(router.state.location.search).get('q');

/** One key as a browser types it: the field's text grows from what the field shows now. */
const typeKey = (field: HTMLInputElement, key: string) =>
  fireEvent.change(field, { target: { value: field.value + key } });

/** What a browser does for a key in a field: its text grows from what it shows, then `input` fires. */
function keyInBrowser(field: HTMLInputElement, key: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setValue.call(field, field.value + key);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Runs `steps` with React scheduling as in a browser, not flushed by act() after every event. */
async function asInBrowser(steps: () => Promise<void>) {
  const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  environment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await steps();
  } finally {
    environment.IS_REACT_ACT_ENVIRONMENT = true;
  }
}

describe('HeaderSearch', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps every letter typed fast while the list re-renders slowly, and the address follows once typing pauses', async () => {
    const { router } = renderSearch('/list', 30);
    const field = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' });
    // As in a browser: React renders between keys only when the page gives it a turn, which a busy
    // machine's next key can beat. Here every key comes before that turn (microtasks only between them).
    await asInBrowser(async () => {
      for (const key of 'number 1') {
        keyInBrowser(field, key);
        for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
      }
      expect(field).toHaveValue('number 1');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    expect(field).toHaveValue('number 1');
    expect(q(router)).toBe('number 1');
    expect(screen.getByText('Filtered by “number 1”')).toBeInTheDocument();
  });

  it('writes the term into ?q= after a pause, replacing the entry and going back to the first page', async () => {
    jest.useFakeTimers();
    const { router } = renderSearch('/list?page=3');
    const field = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' });
    for (const key of 'Anna') typeKey(field, key);
    expect(q(router)).toBeNull();
    await act(async () => jest.advanceTimersByTimeAsync(1000));
    expect(q(router)).toBe('Anna');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the term of an address changed from outside (Back, a link)', async () => {
    const { router } = renderSearch('/list?q=Anna');
    const field = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' });
    expect(field).toHaveValue('Anna');
    await act(() => router.navigate('/list?q=Joseph'));
    expect(field).toHaveValue('Joseph');
    await act(() => router.navigate(-1));
    expect(field).toHaveValue('Anna');
    await act(() => router.navigate('/list'));
    expect(field).toHaveValue('');
  });

  it('drops a term still waiting for the address when the address changes from outside', async () => {
    jest.useFakeTimers();
    const { router } = renderSearch('/list?q=Anna');
    const field = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' });
    typeKey(field, 's');
    await act(() => router.navigate('/list?q=Joseph'));
    await act(async () => jest.advanceTimersByTimeAsync(1000));
    expect(q(router)).toBe('Joseph');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('Joseph');
  });
});
