// 'shared/login': what the shell needs to show the login page. A further entry of `shared`, shared as
// its own federation singleton, so that the login page loads neither the API client nor the form and
// toast libraries (docs/bench.md "The login page's weight"). Its modules are the main entry's own.
export { LoginScreen } from '../auth/LoginScreen';
export { session, useSession } from '../session/session';
export { AppProviders } from '../providers/AppProviders';
export { LoadingBlock } from '../ui/Spinner';
export { configureApi, DEFAULT_API_BASE_URL } from '../api/baseUrl';
export { provideRuntimeInfo } from '../platform/runtimeInfo';
