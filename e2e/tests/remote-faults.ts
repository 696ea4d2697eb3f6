import { expect, type Page, type Route } from './fixtures';
import { menuLink } from './session';

/** A remote of the live map, as the fault tests drive it. */
export interface RemoteUnderTest {
  name: string;
  label: string;
  /** A menu entry of one of its screens, and that screen's address. */
  menu: string;
  path: string;
  /** Visible once that screen has rendered. */
  ready: (page: Page) => ReturnType<Page['getByText']>;
}

export const remotes: RemoteUnderTest[] = [
  {
    name: 'content',
    label: 'Content',
    menu: 'BookShelf',
    path: '/bookshelf',
    ready: (page) => page.getByRole('link', { name: 'Add New Book' }),
  },
  {
    name: 'community',
    label: 'Community',
    menu: 'Mass Scheduling',
    path: '/mass-scheduling',
    ready: (page) =>
      page.getByText('No mass intentions available.').or(page.getByRole('table', { name: 'Mass intentions' })),
  },
  {
    name: 'finance',
    label: 'Finance',
    menu: 'Donations',
    path: '/donations',
    ready: (page) => page.getByText('No donations available.').or(page.getByRole('table', { name: 'Donations' })),
  },
];

/** A fault: how the server answers, and which of the remote's files it hits. */
export interface Fault {
  name: string;
  /** Glob under the remote's release folder. */
  files: string;
  answer: (route: Route, stalled: Promise<void>) => Promise<void>;
}

export const jsonError = (status: number) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message: 'Not found' }) });

export const manifest404: Fault = {
  name: 'a 404 JSON answer for the manifest',
  files: 'mf-manifest.json',
  answer: jsonError(404),
};
export const manifest500: Fault = {
  name: 'a 500 JSON answer for the manifest',
  files: 'mf-manifest.json',
  answer: jsonError(500),
};
export const refused: Fault = {
  name: 'a refused connection',
  files: '**',
  answer: (route) => route.abort('connectionrefused'),
};
export const stall: Fault = {
  name: 'a stall',
  files: 'mf-manifest.json',
  answer: async (route, stalled) => {
    await stalled;
    await route.abort('timedout').catch(() => undefined);
  },
};
export const notAManifest: Fault = {
  name: 'a body that is not a manifest',
  files: 'mf-manifest.json',
  answer: (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"hello":"world"}' }),
};
export const chunk404: Fault = {
  name: 'a manifest whose chunks 404',
  files: '__federation_expose_App*.js',
  answer: jsonError(404),
};

export const faults: Fault[] = [manifest404, manifest500, refused, stall, notAManifest, chunk404];

/** The panel a remote's area shows when its screens cannot be loaded. */
export const unavailable = (page: Page, remote: RemoteUnderTest) =>
  page.getByRole('heading', { name: `The ${remote.label} screens could not be loaded` });

/** Any remote's panel: none may show for a remote that is up. */
export const anyUnavailable = (page: Page) => page.getByRole('heading', { name: /screens could not be loaded$/ });

/** Puts faults on one remote's files, one at a time, between rounds; healing lets a stall go. */
export async function faultSwitch(page: Page, remote: RemoteUnderTest, possible: Fault[]) {
  let current: Fault | undefined;
  let endStall = () => undefined as void;
  let stalled = Promise.resolve();
  for (const fault of possible) {
    await page.route(`**/remotes/${remote.name}/*/${fault.files}`, (route) =>
      current === fault ? fault.answer(route, stalled) : route.fallback(),
    );
  }
  return {
    break(fault: Fault) {
      current = fault;
      stalled = new Promise<void>((resolve) => (endStall = resolve));
    },
    heal() {
      current = undefined;
      endStall();
    },
  };
}
export type FaultSwitch = Awaited<ReturnType<typeof faultSwitch>>;

/**
 * Collects every uncaught error, and every console error but the failed requests of the remote that
 * is down: a shared module resolving to nothing shows here first.
 */
export function unexpectedErrors(page: Page, down: RemoteUnderTest) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const failedRequest =
      message.text().startsWith('Failed to load resource') && message.location().url.includes(`/remotes/${down.name}/`);
    if (!failedRequest) errors.push(message.text());
  });
  return errors;
}

/** A stall shows after the map's load timeout: a shorter one (still far above a load's time) keeps rounds quick. */
export async function shortLoadTimeout(page: Page) {
  await page.route('**/remotes.json', async (route) => {
    const response = await route.fetch();
    const map = (await response.json()) as { loadTimeoutMs: number };
    await route.fulfill({ response, json: { ...map, loadTimeoutMs: 2000 } });
  });
}

/**
 * One round in a fresh load of the page: the remote is down, every other remote works meanwhile
 * (no panel, no error), back in its area the files return and Retry is pressed at once, while the
 * runtime may still be busy with the failed attempt; its screen must come.
 */
export async function downThenRetry(page: Page, remote: RemoteUnderTest, faults: FaultSwitch, fault: Fault) {
  faults.break(fault);
  await page.goto(remote.path);
  await expect(unavailable(page, remote)).toBeVisible({ timeout: 10_000 });
  for (const other of remotes.filter((candidate) => candidate !== remote)) {
    await (await menuLink(page, other.menu)).click();
    await expect(other.ready(page), `${other.name} while ${remote.name} is down`).toBeVisible();
    await expect(anyUnavailable(page)).toHaveCount(0);
  }
  await (await menuLink(page, remote.menu)).click();
  await expect(unavailable(page, remote)).toBeVisible({ timeout: 10_000 });
  faults.heal();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(remote.ready(page), `${remote.name} after Retry`).toBeVisible({ timeout: 10_000 });
  await expect(anyUnavailable(page)).toHaveCount(0);
}

/** `rounds` rounds, numbered in the failure; `round` gives each its fault. */
export async function inRounds(rounds: number, round: (index: number) => Promise<void>) {
  for (let index = 1; index <= rounds; index++) {
    await round(index).catch((error: unknown) => {
      throw new Error(`round ${index} of ${rounds}: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
}
