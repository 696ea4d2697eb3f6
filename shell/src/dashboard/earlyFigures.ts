// The dashboard's figures asked for the moment a sign-in has its session, by the login page itself:
// with a bare fetch, so that the call runs while the screens' code downloads instead of after it.
// Only a success is kept; anything else is left to the dashboard's own call, through the API client
// (its retries, its 401 handling, its words for a failure).

let early: { userId: string; answer: Promise<unknown> } | undefined;

export function askFiguresEarly(apiBaseUrl: string, token: string, userId: string) {
  if (early) return;
  // Started in a promise: nothing it does can throw into the sign-in that called it.
  const answer = Promise.resolve()
    .then(() =>
      fetch(`${apiBaseUrl}/analytics/${encodeURIComponent(userId)}`, { headers: { authorization: `Bearer ${token}` } }),
    )
    .then(async (response) => (response.ok ? ((await response.json()) as { data?: unknown }).data : undefined))
    .catch(() => undefined);
  early = { userId, answer };
}

/** The early answer's figures for `userId`, once (undefined: none was asked, or it did not succeed). */
export async function takeEarlyFigures(userId: string): Promise<unknown> {
  const taken = early;
  early = undefined;
  return taken?.userId === userId ? taken.answer : undefined;
}
