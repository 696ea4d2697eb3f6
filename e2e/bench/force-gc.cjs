// Preloaded by the soak (node --expose-gc --require …): collects garbage every 50 ms, so that native
// finalisers (a driver's statements) run as often as they would over hours of traffic.
const interval = setInterval(() => globalThis.gc(), 50);
interval.unref();
