/** A call that got no answer at all (offline, refused, timed out), in words rather than 'Network Error'. */
export const UNREACHABLE_MESSAGE = 'The server could not be reached. Check the connection and try again.';
