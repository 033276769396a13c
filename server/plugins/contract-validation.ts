/**
 * How the contract's request schemas validate (docs/decisions/022-request-pipeline-plugins.md):
 * query strings and headers arrive as text, so their validator coerces ("42" → 42); JSON bodies are
 * validated as sent, so `{"username": 1}` is a type error rather than the string "1". A number that
 * passed a coerced integer check but is not finite ("Infinity", "1e309") is refused before any
 * handler: no call means one, and the serialiser cannot write it back. A number in that text is
 * written in decimal digits (DECIMAL_NUMBER): Ajv alone reads "0x10" as 16 and " " as 0.
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

/** A number in a query string, path or header: decimal digits, an optional sign and decimal point. */
const DECIMAL_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** The error of a number written otherwise than DECIMAL_NUMBER, at `instancePath`. */
const notDecimal = (instancePath: string): FastifySchemaValidationError => ({
  keyword: 'decimalNumber',
  instancePath,
  schemaPath: '#',
  params: { pattern: DECIMAL_NUMBER.source },
  message: 'must be a number written in decimal digits, with an optional sign and decimal point',
});

/** Whether a schema has a number or integer anywhere in it. */
function mentionsNumbers(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  const type = (schema as { type?: unknown }).type;
  if (type === 'number' || type === 'integer' || (Array.isArray(type) && (type.includes('number') || type.includes('integer')))) return true;
  return Object.values(schema).some(mentionsNumbers);
}

/**
 * The members of a text part (`sent`, as it came) the validator made numbers of (`coerced`, the same
 * part after it) from text that is no DECIMAL_NUMBER; a member given more than once is an array.
 */
function undecimalNumbers(sent: Record<string, unknown>, coerced: Record<string, unknown>): FastifySchemaValidationError[] {
  const errors: FastifySchemaValidationError[] = [];
  const check = (text: unknown, value: unknown, path: string) => {
    if (typeof value === 'number' && typeof text === 'string' && !DECIMAL_NUMBER.test(text)) errors.push(notDecimal(path));
  };
  for (const key in sent) {
    const text = sent[key];
    const value = coerced[key];
    if (!Array.isArray(value)) check(text, value, `/${key}`);
    else {
      const texts = Array.isArray(text) ? text : [text];
      value.forEach((item, i) => check(texts[i], item, `/${key}/${i}`));
    }
  }
  return errors;
}

/** A copy of a text part as sent, its repeated members' arrays too (the validator coerces in place). */
function asSent(part: Record<string, unknown>): Record<string, unknown> {
  const copy = Object.create(null) as Record<string, unknown>;
  for (const key in part) {
    const value = part[key];
    copy[key] = Array.isArray(value) ? [...(value as unknown[])] : value;
  }
  return copy;
}

/**
 * A text part's validator that also refuses a number not written in decimal digits, naming the member
 * (its other complaints about that member dropped). A schema without numbers keeps `validate` as it is.
 */
function decimalNumbersOnly(validate: Validate, schema: object): Validate {
  if (!mentionsNumbers(schema)) return validate;
  let errors: FastifySchemaValidationError[] | null = null;
  const checked = ((data: unknown) => {
    const sent = data !== null && typeof data === 'object' ? asSent(data as Record<string, unknown>) : null;
    const valid = validate(data);
    const refused = sent ? undecimalNumbers(sent, data as Record<string, unknown>) : [];
    if (!refused.length) {
      errors = validate.errors ?? null;
      return valid;
    }
    const paths = new Set(refused.map((e) => e.instancePath));
    errors = [...refused, ...(validate.errors ?? []).filter((e) => !paths.has(e.instancePath))];
    return false;
  }) as Validate;
  Object.defineProperty(checked, 'errors', { get: () => errors });
  return checked;
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
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) =>
    httpPart === 'body'
      ? lazyValidator(() => firstThenEvery(strict.first, strict.every, schema))
      : lazyValidator(() => decimalNumbersOnly(firstThenEvery(coercing.first, coercing.every, schema), schema));
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
