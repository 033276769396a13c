/**
 * Every error the app answers is the contract's envelope `{ success: false, errorCode, message,
 * value? }` (docs/decisions/022-request-pipeline-plugins.md): an ApiError as it says, a schema error
 * naming each field (the first LISTED_FIELDS_MAX of them, the message counting the rest), a body of
 * a type the call does not take as 415, one over the size limit as a bad request, and anything
 * unexpected as 500 `unknown` (logged).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../openapi/common';
import { MOBILE_NUMBER_PATTERN } from '../../openapi/constants';
import { unsupportedMediaTypeEnvelope } from '../content-type';
import { ApiError, fieldsRefused, LISTED_FIELDS_MAX } from '../errors';
import { checkMobile } from '../sim/sms';
import type { FastifyRequest } from 'fastify';

interface ValidationIssue {
  instancePath: string;
  keyword?: string;
  message?: string;
  params?: { missingProperty?: string; additionalProperty?: string; allowedValue?: unknown; allowedValues?: unknown[]; pattern?: string };
}

/**
 * A validation failure only about the contract's mobile-number pattern answers as the SMS rules do
 * (server/sim/sms.ts checkMobile): missing-phone-number for a blank number, invalid-phone-number
 * otherwise, naming the field. null for any other failure.
 */
function mobileRefusal(context: string | undefined, issues: ValidationIssue[], request: FastifyRequest): ApiError | null {
  const relevant = issues.filter((i) => i.keyword !== 'if');
  const first = relevant[0];
  if (!first || !relevant.every((i) => i.keyword === 'pattern' && i.params?.pattern === MOBILE_NUMBER_PATTERN)) return null;
  const where = context === 'querystring' ? 'query' : (context ?? 'body');
  let value: unknown = where === 'query' ? request.query : request.body;
  const path = first.instancePath.replace(/^\//, '');
  for (const key of path.split('/')) value = (value as Record<string, unknown> | null | undefined)?.[key];
  try {
    checkMobile(typeof value === 'string' ? value : undefined, `${where}/${path}`);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  return null;
}

/**
 * 'body/username' style names of the fields a schema error is about, one message per field: a union
 * of literals reads "must be one of: username, sms" rather than one line per branch. Only the first
 * LISTED_FIELDS_MAX fields are named; `unlisted` counts the other fields.
 */
function validationFields(context: string | undefined, issues: ValidationIssue[]) {
  const where = context === 'querystring' ? 'query' : (context ?? 'body');
  const byField = new Map<string, { messages: string[]; allowed: unknown[] }>();
  const unlisted = new Set<string>();
  for (const v of issues) {
    // An if/then schema reports the then branch's own error (the missing field) and "must match
    // then" for the whole object; the first names the field.
    if (v.keyword === 'if') continue;
    const path = v.instancePath.replace(/^\//, '');
    const leaf = v.params?.missingProperty ?? v.params?.additionalProperty;
    const field = [where, path, leaf].filter(Boolean).join('/');
    let entry = byField.get(field);
    if (!entry) {
      if (byField.size >= LISTED_FIELDS_MAX) {
        unlisted.add(field);
        continue;
      }
      entry = { messages: [], allowed: [] };
      byField.set(field, entry);
    }
    if (v.keyword === 'const') entry.allowed.push(v.params?.allowedValue);
    else if (v.keyword === 'enum') entry.allowed.push(...(v.params?.allowedValues ?? []));
    else if (v.keyword !== 'anyOf' && v.message && !entry.messages.includes(v.message)) entry.messages.push(v.message);
  }
  const fields = [...byField].map(([field, { messages, allowed }]) => ({
    field,
    message: [...(allowed.length ? [`must be one of: ${allowed.join(', ')}`] : []), ...messages].join('; ') || 'is invalid',
  }));
  return { fields, unlisted: unlisted.size };
}

/** Errors Fastify meets before routing (a malformed %-escape in the path) get the envelope too. */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, _request, rawReply) => {
  // The generic reply type of this early hook knows no status codes; it is an ordinary reply.
  const reply = rawReply as unknown as FastifyReply;
  void reply
    .status(400)
    .send({ success: false, errorCode: ErrorCode.requestParam, message: error.message, value: { fields: [{ field: 'url', message: error.message }] } });
};

type RaisedError = Error & { statusCode?: number; validation?: ValidationIssue[]; validationContext?: string; code?: string };

const plugin: FastifyPluginAsync = async (app) => {
  app.setErrorHandler((error: RaisedError, request, reply) => {
    // A method the path does not have is 405 with Allow, whatever else is wrong with the request
    // (its body's type or JSON): no route took it, so nothing about its body is the contract's.
    if (request.is404 && app.routeMethods.sendMethodNotAllowed(request, reply)) return reply;
    if (error instanceof ApiError) return reply.status(error.statusCode).send(error.toEnvelope());
    if (error.validation) {
      const mobile = mobileRefusal(error.validationContext, error.validation, request);
      if (mobile) return reply.status(mobile.statusCode).send(mobile.toEnvelope());
      const { fields, unlisted } = validationFields(error.validationContext, error.validation);
      return reply.status(400).send(fieldsRefused(fields, unlisted).toEnvelope());
    }
    const status = error.statusCode ?? 500;
    // A body of a type the operation does not take is 415 (server/content-type.ts).
    if (status === 415) {
      return reply.status(415).send(unsupportedMediaTypeEnvelope(request));
    }
    // A body over the size limit is a bad request naming the body and the route's limit.
    if (status === 413) {
      const message = `${error.message} (at most ${request.routeOptions.bodyLimit} bytes)`;
      return reply.status(400).send({ success: false, errorCode: ErrorCode.requestParam, message, value: { fields: [{ field: 'body', message }] } });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, errorCode: ErrorCode.requestParam, message: error.message });
    }
    request.log.error(error);
    return reply.status(500).send({ success: false, errorCode: ErrorCode.unknown, message: 'Unknown error' });
  });
};

/** The app's error handler: every refusal as the contract's error envelope. */
export const errorEnvelope = fp(plugin, {
  fastify: '5.x',
  name: 'error-envelope',
  dependencies: ['http-semantics'],
  decorators: { fastify: ['routeMethods'] },
});
