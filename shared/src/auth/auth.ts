import { authApi } from '../api/resources/auth';
import { notify } from '../notify/notify';
import { session } from '../session/session';

export async function logIn(credentials: { email: string; password: string }) {
  const answer = await authApi.login(credentials);
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
