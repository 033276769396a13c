/**
 * How the contract's request schemas validate (docs/decisions/022-request-pipeline-plugins.md):
 * query strings and headers arrive as text, so their validator coerces ("42" → 42); JSON bodies are
 * validated as sent, so `{"username": 1}` is a type error rather than the string "1". A number that
 * passed a coerced integer check but is not finite ("Infinity", "1e309") is refused before any
 * handler: no call means one, and the serialiser cannot write it back.
 *
 * A part that fails has every problem named only when it holds at most FULLY_CHECKED_VALUES_MAX
 * values; a larger one is named by its first problem (Ajv has no way to stop listing at a count).
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../openapi/common';
import { ApiError } from '../errors';
import { lazyValidator, type Validate } from '../lazy-compilers';

/**
 * A request part that fails its schema and holds more values than this (object members and array
 * items, at any depth) is named by its first problem only. Listing every problem costs Ajv an error
 * object per bad value, whatever the reply then lists: a 7 MB body of 3.5 million bad items held the
 * server for 13 s. A smaller part has every problem named.
 */
export const FULLY_CHECKED_VALUES_MAX = 1000;

/** Whether `data` holds more than `max` values; it looks at no more than `max` of them. */
export function holdsMoreThan(data: unknown, max: number): boolean {
  let count = 0;
  const stack: unknown[] = [data];
  while (stack.length) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      count += value.length;
      if (count > max) return true;
      for (const item of value) if (item !== null && typeof item === 'object') stack.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const key in value) {
        if (++count > max) return true;
        const member = (value as Record<string, unknown>)[key];
        if (member !== null && typeof member === 'object') stack.push(member);
      }
    }
  }
  return false;
}

/** The last error of a part too large to check whole: says only its first problem was named. */
const checkedToFirstProblem: FastifySchemaValidationError = {
  keyword: 'firstProblemOnly',
  instancePath: '',
  schemaPath: '#',
  params: { limit: FULLY_CHECKED_VALUES_MAX },
  message: `holds over ${FULLY_CHECKED_VALUES_MAX} values: checked up to its first problem only`,
};

/**
 * The part's validator: a check that stops at the first problem, then, for a part that fails and holds
 * at most FULLY_CHECKED_VALUES_MAX values, a check naming every problem (compiled on the first such
 * failure). A passing part costs one check, as before.
 */
function firstThenEvery(first: Ajv, every: Ajv, schema: object): Validate {
  const check = first.compile(schema);
  let checkEvery: Validate | undefined;
  let errors: FastifySchemaValidationError[] | null = null;
  const validate = ((data: unknown) => {
    if (check(data)) {
      errors = null;
      return true;
    }
    if (holdsMoreThan(data, FULLY_CHECKED_VALUES_MAX)) {
      errors = [...(check.errors ?? []), checkedToFirstProblem];
      return false;
    }
    checkEvery ??= every.compile(schema);
    const valid = checkEvery(data) === true;
    errors = valid ? null : (checkEvery.errors ?? null);
    return valid;
  }) as Validate;
  Object.defineProperty(validate, 'errors', { get: () => errors });
  return validate;
}

function validatorCompiler() {
  const make = (coerceTypes: false | 'array', allErrors: boolean) => {
    const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors, strict: false });
    addFormats(ajv);
    return ajv;
  };
  // Query strings, path parameters and headers are text, coerced; bodies are validated as sent.
  const coercing = { first: make('array', false), every: make('array', true) };
  const strict = { first: make(false, false), every: make(false, true) };
  // Compiled on the route's first call (server/lazy-compilers.ts).
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    return lazyValidator(() => firstThenEvery(ajv.first, ajv.every, schema));
  };
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
