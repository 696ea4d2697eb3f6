import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

// Fastify compiles every route's validators and answer serialisers when a server starts (about half a
// second for ours), with new compilers for each server. A process that builds several servers (a test
// suite's, one per engine) builds them from the same schemas, so the compilers here are the process's
// and keep what they compiled by the schema's text: Fastify hands over a fresh copy of some schemas
// (a route's headers) at every start, so the object itself is no key.

/** What Fastify passes a compiler at run time: the schema with where it is used. */
type Compile = (route: { schema?: unknown }) => unknown;
type Factory = (...args: never[]) => unknown;

/** The factory's compilers, memoised by the factory's arguments and then by the schema's text. */
function memoised<F extends Factory>(factory: F): F {
  const byFactory = new Map<string, Map<string, unknown>>();
  const build = (...args: Parameters<F>) => {
    const compile = factory(...args) as Compile;
    const key = JSON.stringify(args);
    let compiled = byFactory.get(key);
    if (!compiled) byFactory.set(key, (compiled = new Map()));
    const cache = compiled;
    return (route: { schema?: unknown }) => {
      const text = JSON.stringify(route.schema);
      let done = cache.get(text);
      if (done === undefined) cache.set(text, (done = compile(route)));
      return done;
    };
  };
  return build as F;
}

export const processCompilers: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator: memoised(AjvCompiler()),
    buildSerializer: memoised(SerializerSelector()),
  },
};
