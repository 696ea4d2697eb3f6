import { URI, type TOTP } from 'otpauth';

const PERIOD_MS = 30_000;
/** Time a test's call may take to reach the server: a code asked for closer to its step's end waits. */
const CALL_MARGIN_MS = 3_000;

/** The code of the step `steps` steps from now, as an authenticator app holding `uri` shows it. */
export const codeFor = (uri: string, steps = 0) =>
  (URI.parse(uri) as TOTP).generate({ timestamp: Date.now() + steps * PERIOD_MS });

/**
 * The previous step's code (enrolment uses it, so that a login right after has a fresh one). The
 * server accepts it only until this step ends: within the last seconds of a step, the next is waited
 * for, or a call under way as the step turns would carry a code two steps old.
 */
export async function previousStepCode(uri: string): Promise<string> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < CALL_MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return codeFor(uri, -1);
}
