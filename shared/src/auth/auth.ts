import { authApi, type LoginAnswer } from '../api/resources/auth';
import { notify } from '../notify/notify';
import { session } from '../session/session';

/** Logs in, or answers the challenge when the account asks for a code too (then `completeLogIn`). */
export async function logIn(credentials: { email: string; password: string }): Promise<string | undefined> {
  const answer = await authApi.login(credentials);
  if ('challenge' in answer) return answer.challenge;
  completeLogIn(answer);
  return undefined;
}

export function completeLogIn(answer: LoginAnswer) {
  session.save({ token: answer.token, user: answer.doesUserEmailExist });
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
