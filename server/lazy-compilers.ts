/**
 * Route schemas compiled on a route's first use rather than when the route is registered. The
 * contract has a few hundred request and response schemas; compiling them all (Ajv for requests,
 * fast-json-stringify for replies) was most of the CPU an app's start costs, while a run, a test
 * file or a world's QA suite calls a fraction of the routes. A route's first call compiles its
 * schemas, as Fastify would have at start, with the same compiler and options; every later call
 * uses the compiled function directly.
 */
import SerializerSelector, { type SerializerFactory, type Serializer } from '@fastify/fast-json-stringify-compiler';
import type { FastifyValidationResult } from 'fastify/types/schema';

/** A validator as Fastify calls it: true or false, the reasons for false on `errors`. */
export type Validate = FastifyValidationResult;

/** A validator compiled the first time it is called; `errors` reads the compiled one's. */
export function lazyValidator(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const validate = ((data: unknown) => (compiled ??= compile())(data)) as Validate;
  Object.defineProperty(validate, 'errors', { get: () => compiled?.errors });
  return validate;
}

/**
 * Fastify's own serializer compiler (fast-json-stringify with the app's shared schemas and
 * options), each route's serializer built on its first reply.
 */
export function lazySerializerFactory(): SerializerFactory {
  const eager = SerializerSelector();
  return (externalSchemas, serializerOpts) => {
    const compile = eager(externalSchemas, serializerOpts);
    return (route) => {
      let compiled: Serializer | undefined;
      return (data) => (compiled ??= compile(route))(data);
    };
  };
}
