/**
 * Request body types: every operation takes JSON, and only forgot-password-by-email
 * also takes a form body (the email form posts urlencoded; its route says so with `config.formEncoded`).
 * A route that takes a file (a world import) names its types in `config.bodyTypes` and takes only
 * those, not JSON. Any other body type answers 415, which the app's error handler turns into the
 * envelope naming headers/content-type and the types the route takes, before a handler runs.
 */
import type { FastifyInstance, FastifyRequest, preParsingHookHandler } from 'fastify';
import { ErrorCode, type ErrorEnvelope } from '../openapi/common';

const FORM = 'application/x-www-form-urlencoded';

/** The 415 error Fastify raises itself for a type no parser takes, so one handler branch serves both. */
class UnsupportedMediaType extends Error {
  readonly statusCode = 415;
  readonly code = 'FST_ERR_CTP_INVALID_MEDIA_TYPE';
  constructor(type: string) {
    super(`Unsupported Media Type: ${type}`);
  }
}

function takesForm(request: FastifyRequest): boolean {
  return (request.routeOptions.config as { formEncoded?: boolean } | undefined)?.formEncoded === true;
}

/** The only body types of a route that takes a file instead of JSON (its `config.bodyTypes`). */
function fileTypesOf(request: FastifyRequest): readonly string[] | undefined {
  return (request.routeOptions.config as { bodyTypes?: readonly string[] } | undefined)?.bodyTypes;
}

/**
 * A preParsing hook for a route with `config.bodyTypes`: a body sent as any other type (JSON too)
 * answers 415 before it is read. A request with no content type goes on to the handler.
 */
export const onlyFileTypes: preParsingHookHandler = (request, _reply, payload, done) => {
  const sent = request.headers['content-type'];
  const type = sent?.split(';')[0]?.trim().toLowerCase();
  if (type && !fileTypesOf(request)?.includes(type)) {
    done(new UnsupportedMediaType(sent ?? ''));
    return;
  }
  done(null, payload);
};

/** A form body as an object; a key given more than once becomes an array, as @fastify/formbody does. */
function parseForm(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [key, value] of new URLSearchParams(text)) {
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

/**
 * Makes JSON the only body type of every route but those marked `config.formEncoded`, which also take
 * form bodies. Fastify's default text/plain parser goes: a text body would otherwise reach schema
 * validation as a string and answer 400, not 415. Call it on the root instance before any route.
 */
export function contentTypes(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (request, body, done) => {
    if (!takesForm(request)) {
      done(new UnsupportedMediaType(FORM), undefined);
      return;
    }
    done(null, parseForm(body as string));
  });
}

/** The 415 envelope: names the content type sent and the ones the call takes. */
export function unsupportedMediaTypeEnvelope(request: FastifyRequest): ErrorEnvelope {
  const sent = request.headers['content-type'];
  const accepted = fileTypesOf(request)?.join(' or ') ?? (takesForm(request) ? `application/json or ${FORM}` : 'application/json');
  const message = `must be ${accepted}${sent ? `, not ${sent}` : ' (none was sent with the body)'}`;
  return {
    success: false,
    errorCode: ErrorCode.unsupportedMediaType,
    message: `headers/content-type ${message}`,
    value: { fields: [{ field: 'headers/content-type', message }] },
  };
}
