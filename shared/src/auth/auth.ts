import { authApi, type LoginAnswer, type TwoFactorSetup } from '../api/resources/auth';
import type { SentAhead } from '../api/sentAhead';
import { dismissErrors, notify } from '../notify/notify';
import { session } from '../session/session';

/** What a right password may still ask before the session: a code, or setting up two-factor sign-in. */
export type SignInStep = { challenge: string } | { enrolment: string; setup: TwoFactorSetup };

/**
 * The password sent: the session's answer, or the step it asks first. An enrolment's secret and QR code
 * are fetched here, so that the step opens with them.
 */
export async function passwordStep(
  credentials: { email: string; password: string },
  sentAhead?: SentAhead,
): Promise<LoginAnswer | SignInStep> {
  const answer = await authApi.login(credentials, sentAhead);
  if ('challenge' in answer) return { challenge: answer.challenge };
  if ('enrolment' in answer) {
    const { enrolment } = answer;
    return { enrolment, setup: (await authApi.enrolSetup({ enrolment })).data };
  }
  return answer;
}

/**
 * Logs in, or answers the step the account asks first (then `completeLogIn`). `sentAhead`: the login
 * call, already sent by the page with these credentials.
 */
export async function logIn(
  credentials: { email: string; password: string },
  sentAhead?: SentAhead,
): Promise<SignInStep | undefined> {
  const next = await passwordStep(credentials, sentAhead);
  if (!('token' in next)) return next;
  completeLogIn(next);
  return undefined;
}

export function completeLogIn(answer: LoginAnswer) {
  session.save({ token: answer.token, user: answer.doesUserEmailExist });
  // A failed attempt's toast (a wrong password, a refused code) no longer holds.
  dismissErrors();
  notify.success('Login Successful');
}

/** Revokes the token on the server; the local session ends whatever the server answers. */
export async function logOut() {
  try {
    await authApi.logout();
    notify.success('Logout Successful');
  } catch {
    notify.error('Logout Unsuccessful', { autoClose: 2000 });
  } finally {
    session.clear();
  }
}
