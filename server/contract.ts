/**
 * Registers one operation of the contract as a Fastify route: request schemas (headers, query, body)
 * validate the call, the response schemas serialise the reply, and the access rule, the system status
 * gate and the encrypted body are handled before the handler runs. Handlers return only the value.
 */
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CommonHeadersSchema, ErrorCode, ErrorEnvelopeSchema, Ok } from '../openapi/common';
import type { OperationDef } from '../openapi/define';
import { moduleIdSchema } from '../openapi/module-id';
import { ApiError } from './errors';
import { moduleIdCheck } from './module-id';
import { DecryptError } from './sim/rsa';
import type { Account, Sim } from './sim/state';
import type { Session } from './sim/sessions';
import { maintenanceWindow } from './sim/maintenance';

type StaticOr<T, D> = T extends TSchema ? Static<T> : D;

export interface HandlerContext<Q, B> {
  query: Q;
  body: B;
  sim: Sim;
  /** The caller's session, for operations that need a token. */
  session: Session | null;
  /** The caller's account, for operations that need a token. */
  account: Account | null;
  /** The account or 401; for handlers of token operations. */
  me(): Account;
  language: string;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * The success envelope of `value`, serialised once by the route's own response schema, for a
   * handler that keeps replies which only change with the world (see SerializedReply).
   */
  serialize(value: unknown): SerializedReply;
}

/**
 * A reply already serialised by its route's response schema, kept as UTF-8 bytes. Returned by a
 * handler, it is sent as it is: reads whose answer depends only on the world (fixed between scenario
 * loads) and the query keep one and skip building, serialising and encoding the same reply again
 * (the game list, docs/benchmarks.md).
 */
export class SerializedReply {
  readonly bytes: Buffer;
  constructor(json: string) {
    this.bytes = Buffer.from(json, 'utf8');
  }
}

// Operation definitions are generic in their schemas; `any` here only widens the registry's element type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDef = OperationDef<any, any, any>;

export type Handler<O extends AnyDef> = (
  ctx: HandlerContext<StaticOr<NonNullable<O['query']>, Record<string, never>>, StaticOr<NonNullable<O['body']>, undefined>>,
) => Static<O['value']> | SerializedReply | Promise<Static<O['value']> | SerializedReply>;

declare module 'fastify' {
  interface FastifyRequest {
    simSession: Session | null;
    simAccount: Account | null;
  }
}

/** Operations that still answer during maintenance and region restriction. */
const ALWAYS_OPEN = new Set(['getSystemStatus']);

function headersSchema(op: AnyDef): TObject {
  const extra: TObject | undefined = op.headers;
  return Type.Object(
    { ...CommonHeadersSchema.properties, moduleid: Type.Optional(moduleIdSchema(op)), ...extra?.properties },
    { additionalProperties: true },
  );
}

/** Throws the maintenance or region error when the system status says so (every call but the status check is refused while the site is down or the visitor's region is blocked). */
export function gateSystemStatus(sim: Sim, operationId: string): void {
  if (ALWAYS_OPEN.has(operationId)) return;
  const status = sim.systemStatus;
  if (status === 1) {
    throw new ApiError(503, ErrorCode.maintenance, 'System Maintenance', {
      retryAfterSeconds: Math.max(0, Math.ceil((maintenanceWindow(sim).endTime - sim.now()) / 1000)),
    });
  }
  if (status === 2) {
    const { ip, country } = sim.world.brand.location;
    throw new ApiError(403, ErrorCode.regionRestricted, 'IP Restriction', { ip, country });
  }
}

export function registerOperation<O extends AnyDef>(app: FastifyInstance, op: O, handler: Handler<O>): void {
  const schema: Record<string, unknown> = {
    operationId: op.operationId,
    tags: [op.area],
    summary: op.summary,
    headers: headersSchema(op),
    response: {
      200: Ok(op.value, `${op.operationId}Reply`),
      '4xx': ErrorEnvelopeSchema,
      '5xx': ErrorEnvelopeSchema,
    },
  };
  if (op.query) schema.querystring = op.query;
  if (op.body) schema.body = op.body;

  const checkModuleId = moduleIdCheck(op);
  app.route({
    method: op.method,
    url: op.path,
    schema,
    // formEncoded: the one operation whose form body is parsed (server/content-type.ts).
    config: { operationId: op.operationId, formEncoded: !!op.formEncoded },
    // Synchronous hooks (done callbacks): they run on every call, and an async hook costs a promise.
    onRequest: (request, _reply, done) => {
      const sim = request.sim;
      request.simSession = null;
      request.simAccount = null;
      try {
        checkModuleId(request.headers.moduleid);
        gateSystemStatus(sim, op.operationId);
        if (op.access !== 'public') {
          const auth = request.headers.authorization;
          const { session, account } = sim.requireSession(typeof auth === 'string' ? auth : undefined);
          sim.requireAccess(account, op.access);
          request.simSession = session;
          request.simAccount = account;
        }
      } catch (err) {
        done(err as Error);
        return;
      }
      done();
    },
    // Synchronous (a done callback), as the hooks above: the wire decryption needs no promise.
    preValidation: op.encrypted ? decryptRequestBody : undefined,
    // Not async: a handler that answers at once (most reads) is sent at once, without a promise and
    // a microtask turn per call; one that returns a promise is answered when it settles.
    handler: (request, reply) => {
      const account = request.simAccount;
      const language = String(request.headers.language ?? 'EN');
      const value = handler({
        query: (request.query ?? {}) as never,
        body: request.body as never,
        sim: request.sim,
        session: request.simSession,
        account,
        me: accountOrRefusal(account),
        language,
        request,
        reply,
        serialize: serializerOf(reply),
      });
      return isPromise(value) ? value.then((v) => envelope(v, reply)) : envelope(value, reply);
    },
  });
}

// The two helpers below make the context's functions. They return unnamed functions on purpose: tsx
// (esbuild's keepNames) gives every function written as a named property its name with
// Object.defineProperty, which per call and request is a measurable cost (docs/benchmarks.md).

/** The context's `me()`: the caller's account, or 401 not logged in. */
function accountOrRefusal(account: Account | null): () => Account {
  return () => {
    if (!account) throw new ApiError(401, ErrorCode.notSession, 'Not logged in, please log in');
    return account;
  };
}

/** The context's `serialize()`: a value's success envelope through the route's response serialiser. */
function serializerOf(reply: FastifyReply): (value: unknown) => SerializedReply {
  return (v) => {
    // The route's response serialiser gives a string; the type also allows custom serialisers' buffers.
    const out = reply.serialize({ success: true, value: v });
    return new SerializedReply(typeof out === 'string' ? out : Buffer.from(out as ArrayBuffer).toString('utf8'));
  };
}

/** The encrypted body's plaintext in place of the body, or 400 request_param_err naming the field. */
function decryptRequestBody(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  const header = request.headers.encryption;
  try {
    request.body = request.sim.rsa.decryptBody(typeof header === 'string' ? header : undefined, request.body);
  } catch (err) {
    done(
      err instanceof DecryptError
        ? new ApiError(400, ErrorCode.requestParam, err.message, { fields: [{ field: err.field, message: err.message }] })
        : (err as Error),
    );
    return;
  }
  done();
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** What the route sends for a handler's value: the success envelope, or bytes kept as they are. */
function envelope(value: unknown, reply: FastifyReply): { success: true; value: unknown } | Buffer {
  if (value instanceof SerializedReply) {
    // Bytes are sent as they are, under the JSON content type the route's replies carry.
    reply.type('application/json; charset=utf-8');
    return value.bytes;
  }
  return { success: true, value };
}

/** Register a table of handlers against a table of operations of one area. */
export function registerArea<T extends Record<string, AnyDef>>(
  app: FastifyInstance,
  ops: T,
  handlers: { [K in keyof T]: Handler<T[K]> },
): void {
  for (const key of Object.keys(ops) as (keyof T)[]) {
    const op = ops[key];
    const handler = handlers[key];
    if (op && handler) registerOperation(app, op, handler);
  }
}
