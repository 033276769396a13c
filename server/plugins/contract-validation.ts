/**
 * How the contract's request schemas validate (docs/decisions/022-request-pipeline-plugins.md):
 * query strings and headers arrive as text, so their validator coerces ("42" → 42); JSON bodies are
 * validated as sent, so `{"username": 1}` is a type error rather than the string "1". A number that
 * passed a coerced integer check but is not finite ("Infinity", "1e309") is refused before any
 * handler: no call means one, and the serialiser cannot write it back.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../openapi/common';
import { ApiError } from '../errors';
import { lazyValidator } from '../lazy-compilers';

function validatorCompiler() {
  const make = (coerceTypes: false | 'array') => {
    const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: true, strict: false });
    addFormats(ajv);
    return ajv;
  };
  const coercing = make('array');
  const strict = make(false);
  // Compiled on the route's first call (server/lazy-compilers.ts).
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) =>
    lazyValidator(() => (httpPart === 'body' ? strict : coercing).compile(schema));
}

const plugin: FastifyPluginAsync = async (app) => {
  app.setValidatorCompiler(validatorCompiler());
  app.requestPipeline.preHandler('contract-validation', (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query) return;
    // A query without numbers costs one loop.
    for (const key in query) {
      const value = query[key];
      if (typeof value === 'number' && !Number.isFinite(value)) {
        throw new ApiError(400, ErrorCode.requestParam, `query/${key} must be a finite number`, { fields: [{ field: `query/${key}`, message: 'must be a finite number' }] });
      }
    }
  });
};

/** Validator compilers of every route after it, and the finite-number check of coerced queries. */
export const contractValidation = fp(plugin, {
  fastify: '5.x',
  name: 'contract-validation',
  dependencies: ['request-pipeline'],
  decorators: { fastify: ['requestPipeline'] },
});
