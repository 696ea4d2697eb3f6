import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preHandler' | 'preSerialization' | 'onSend' | 'onResponse';

/**
 * Hooks for the routes `wanted` picks, added to each as it is declared (call before the routes are):
 * a hook that concerns the signed-in members' calls then costs the mobile app's public reads, most of
 * the traffic, nothing at all, not even a call that finds nothing to do.
 */
export function addRouteHooks(
  app: FastifyInstance,
  wanted: (route: RouteOptions) => boolean,
  hooks: Partial<Record<HookName, unknown>>,
): void {
  app.addHook('onRoute', (route) => {
    if (!wanted(route)) return;
    const own = route as unknown as Record<HookName, unknown>;
    for (const [name, hook] of Object.entries(hooks) as [HookName, unknown][]) {
      const existing = own[name];
      own[name] = [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), hook];
    }
  });
}

/** The route needs a session (its schema names a security scheme). */
export const needsSession = (route: { schema?: unknown }): boolean =>
  Boolean((route.schema as { security?: unknown[] } | undefined)?.security?.length);

/** The route reads (GET, and the HEAD fastify adds to it) rather than writes. */
export const reads = (route: RouteOptions): boolean =>
  [route.method].flat().every((method) => method === 'GET' || method === 'HEAD');

/** The request reads (GET or HEAD) rather than writes. */
export const isReadRequest = (request: FastifyRequest): boolean =>
  request.method === 'GET' || request.method === 'HEAD';
