import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * jsdom without Node's fetch classes breaks react-router's data router ("Request is not
 * defined"). Hand it Node's, with Node's AbortController so that Request accepts its signals.
 */
export default class JsdomWithFetch extends JSDOMEnvironment {
  constructor(...args: ConstructorParameters<typeof JSDOMEnvironment>) {
    super(...args);
    Object.assign(this.global, { fetch, Request, Response, Headers, AbortController, AbortSignal, structuredClone });
  }
}
