import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse } from 'axios';
import type { SentAhead } from './sentAhead';

/**
 * The transport of a call already sent by `sendAhead`: its answer becomes the call's, checked by the
 * call's `validateStatus` and then through the client's interceptors as any answer. Used once: were the
 * call sent again, it would go out by `otherwise`, the client's own transport.
 */
export function takeSentAhead(sent: SentAhead, otherwise: AxiosAdapter): AxiosAdapter {
  let taken = false;
  return async (config) => {
    if (taken) return otherwise(config);
    taken = true;
    const response = await sent.answer.catch(() => undefined);
    const text = await response?.text().catch(() => undefined);
    // As axios says of a call that got no answer: the client's words for it follow.
    if (!response || text === undefined) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const { status, statusText } = response;
    const headers = AxiosHeaders.from(Object.fromEntries(response.headers.entries()));
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the text, as axios keeps it.
    }
    const answer: AxiosResponse = { data, status, statusText, headers, config };
    if (!config.validateStatus || config.validateStatus(status)) return answer;
    const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
    throw new AxiosError(`Request failed with status code ${status}`, code, config, undefined, answer);
  };
}
