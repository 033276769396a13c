/**
 * Writes the request journal: every call to /wps, /lgw and /lotto, routed or not, goes
 * into the journal of its simulator when the reply is sent, with the body as the handler saw it (the
 * decrypted plaintext of an encrypted call), the reply envelope, the fault applied and whether both
 * met the contract. Masking and cutting happen when the entry is rendered, so what the journal
 * answers never holds a secret.
 *
 * Cost (docs/benchmarks.md, scripts/bench/journal.ts): nothing at all for other paths or when the
 * journal is off; otherwise a few property reads and one small record (CallRecord) per call. The
 * record keeps references (the reply text as sent, the parsed body, the headers); the parse of the
 * reply, its contract check, masking and the entry's JSON text happen once, when the journal is read
 * or streamed.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, ErrorEnvelopeSchema } from '../openapi/common';
import { operationList } from '../openapi/operations';
import type { Fault, JournalEntry } from './control/contract';
import { CUT_BYTES, cut, cutMarker, mask, mayHoldSecret, UnrenderedEntry, type JournalInput } from './sim/journal';
import { routedPath } from './request-path';
import type { Sim } from './sim/state';

/** The world a request belongs to: the one place the journal asks. */
export function simOf(request: FastifyRequest): Sim {
  // The request's world; a request refused before its world was known goes to default.
  return request.sim ?? request.server.sim;
}

/** What server/control/faults.ts applied to a call. */
export interface AppliedInjection {
  latencyMs: number;
  fault: Fault | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The call's journal record while it is answered (journal on, gateway paths only). */
    journalPending: CallRecord | null;
    simInjected: AppliedInjection | null;
  }
}

const GATEWAY_PREFIXES = ['/wps/', '/lgw/', '/lotto/'];
const ENCRYPTED = new Set(operationList.filter((op) => op.encrypted).map((op) => op.operationId));

function isGatewayPath(url: string): boolean {
  for (const prefix of GATEWAY_PREFIXES) if (url.startsWith(prefix)) return true;
  return false;
}

// One validator per response schema, compiled the first time a reply needs it (so only with the
// journal on). Its own Ajv: the app's coerce and fill in defaults, which a check must not.
const ajv = new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false });
addFormats(ajv);
const validators = new WeakMap<object, ValidateFunction>();
const errorEnvelope = ajv.compile(ErrorEnvelopeSchema);
// A reply kept as bytes (SerializedReply: the game list and other world-only reads) is the same
// Buffer call after call: it is checked once.
const checkedBuffers = new WeakMap<Buffer, string[]>();

function responseValidator(response: Record<string, object> | undefined, status: number): ValidateFunction | null {
  if (!response) return status >= 400 ? errorEnvelope : null;
  const schema = response[String(status)] ?? response[`${String(status).charAt(0)}xx`];
  if (!schema) return null;
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

function replyErrors(validate: ValidateFunction, envelope: unknown): string[] {
  if (validate(envelope)) return [];
  return (validate.errors ?? []).map((e) => `reply${e.instancePath} ${e.message ?? 'is invalid'}`);
}

/**
 * The sent payload read back: the envelope to keep as JSON text (masked, cut) and what its check
 * found. Text without a secret in it is kept exactly as sent, parsed only for the check.
 */
function readReply(responses: Record<string, object> | undefined, status: number, payload: unknown): { replyJson: string; errors: string[] | null } {
  const validate = responseValidator(responses, status);
  const text = typeof payload === 'string' ? payload : null;
  const bytes = Buffer.isBuffer(payload) ? payload : null;
  const size = text !== null ? text.length : bytes ? bytes.length : -1;
  if (size < 0) return { replyJson: 'null', errors: null };
  if (size <= CUT_BYTES / 3 || (text !== null ? Buffer.byteLength(text) : size) <= CUT_BYTES) {
    const json = text ?? (bytes as Buffer).toString('utf8');
    let envelope: unknown;
    try {
      envelope = JSON.parse(json);
    } catch {
      return { replyJson: JSON.stringify(cutMarker(json)), errors: validate ? ['reply is not JSON'] : null };
    }
    const errors = validate ? replyErrors(validate, envelope) : null;
    // Kept as sent unless it holds a secret, or a line break (which would split a stream event).
    const keep = !mayHoldSecret(json) && !json.includes('\n');
    return { replyJson: keep ? json : JSON.stringify(mask(envelope)), errors };
  }
  // Over 64 KB: its big members cut (bytes kept by a handler: a marker, checked once per buffer).
  if (bytes) {
    let errors = validate ? checkedBuffers.get(bytes) : undefined;
    if (validate && !errors) {
      errors = replyErrors(validate, JSON.parse(bytes.toString('utf8')));
      checkedBuffers.set(bytes, errors);
    }
    return { replyJson: JSON.stringify({ success: status < 400, value: cutMarker(bytes.toString('utf8', 0, 1024)) }), errors: errors ?? null };
  }
  const source: unknown = JSON.parse(text as string);
  return { replyJson: JSON.stringify(mask(cut(source, text as string))), errors: validate ? replyErrors(validate, source) : null };
}

/** The request body as kept: masked, cut when its text was over 64 KB. */
function keptBody(body: unknown, contentLength: string | undefined): unknown {
  if (body === undefined || body === null) return null;
  const length = Number(contentLength ?? 0);
  return mask(length > CUT_BYTES ? cut(body) : body);
}

const headerOf = (request: FastifyRequest, name: string): string | null => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : null;
};

/**
 * One journaled call as the hooks saw it, made in onRequest and filled in onSend: a few property
 * reads and references (the reply text as sent, the parsed query and body, the header values).
 * Masking, cutting, the reply's contract check and the JSON text are made by render(), when the
 * journal is read or streamed. One object per call, of one shape.
 */
class CallRecord extends UnrenderedEntry {
  /** The route's validation and preValidation (decryption) passed. */
  validated = false;
  method = '';
  url = '';
  operationId: string | null = null;
  query: unknown = null;
  body: unknown = null;
  merchant: string | null = null;
  device: string | null = null;
  language: string | null = null;
  moduleId: string | null = null;
  authorization: string | null = null;
  contentLength: string | undefined = undefined;
  injected: AppliedInjection | null = null;
  durationMs = 0;
  /** -1: the connection was dropped, no reply. */
  status = 0;
  payload: unknown = undefined;
  responses: Record<string, object> | undefined = undefined;

  constructor(
    readonly start: number,
    readonly time: number,
    readonly simTime: number,
  ) {
    super();
  }

  /** What the call had by the time its reply is sent (or its connection dropped: status -1). */
  finish(request: FastifyRequest, status: number, payload: unknown): void {
    const routeOptions = request.routeOptions;
    this.method = request.method;
    this.url = request.url;
    this.operationId = (routeOptions.config as { operationId?: string } | undefined)?.operationId ?? null;
    this.query = request.query;
    this.body = request.body;
    this.merchant = headerOf(request, 'merchant');
    this.device = headerOf(request, 'device');
    this.language = headerOf(request, 'language');
    this.moduleId = headerOf(request, 'moduleid');
    this.authorization = headerOf(request, 'authorization');
    this.contentLength = request.headers['content-length'];
    this.injected = request.simInjected;
    this.durationMs = Math.round((performance.now() - this.start) * 1000) / 1000;
    this.status = status;
    this.payload = payload;
    this.responses = (routeOptions.schema as { response?: Record<string, object> } | undefined)?.response;
  }

  render(): string {
    try {
      return this.renderEntry();
    } catch (err) {
      // Reading the journal must never fail on one entry: it says what went wrong instead.
      return entryText({
        id: this.id,
        time: this.time,
        simTime: this.simTime,
        method: this.method,
        path: this.url.split('?')[0] ?? '/',
        operationId: this.operationId,
        query: {},
        headers: { merchant: null, device: null, language: null, moduleId: null, authorization: null },
        encrypted: false,
        body: null,
        status: Math.max(this.status, 0),
        reply: null,
        durationMs: this.durationMs,
        fault: null,
        latencyMs: 0,
        contract: { request: null, reply: null, errors: [`journal: this call could not be rendered (${err instanceof Error ? err.message : String(err)})`] },
      });
    }
  }

  private renderEntry(): string {
    const dropped = this.status < 0;
    const auth = this.authorization;
    const fault = this.injected?.fault;
    const query = this.query;
    const base: Omit<JournalInput, 'reply' | 'contract' | 'status'> = {
      time: this.time,
      simTime: this.simTime,
      method: this.method,
      path: this.url.split('?')[0] ?? '/',
      operationId: this.operationId,
      query: query && typeof query === 'object' ? (mask({ ...(query as Record<string, unknown>) }) as Record<string, unknown>) : {},
      headers: {
        merchant: this.merchant,
        device: this.device,
        language: this.language,
        moduleId: this.moduleId,
        authorization: auth === null ? null : auth.length > 6 ? `${auth.slice(0, 6)}…` : auth,
      },
      encrypted: this.operationId !== null && ENCRYPTED.has(this.operationId),
      body: keptBody(this.body, this.contentLength),
      durationMs: this.durationMs,
      fault: fault ? { id: fault.id, status: fault.status, delayMs: fault.delayMs, drop: fault.drop } : null,
      latencyMs: this.injected?.latencyMs ?? 0,
    };
    if (dropped) {
      return entryText({ id: this.id, ...base, status: 0, reply: null, contract: { request: null, reply: null, errors: [] } });
    }
    const status = this.status;
    let replyJson: string;
    let errors: string[] | null;
    try {
      ({ replyJson, errors } = readReply(this.responses, status, this.payload));
    } catch (err) {
      replyJson = 'null';
      errors = [`journal: the reply could not be read (${err instanceof Error ? err.message : String(err)})`];
    }
    // Only an error reply's code and fields are needed here; successes are not parsed again.
    const envelope = status === 400 ? (JSON.parse(replyJson) as { errorCode?: unknown; message?: unknown; value?: { fields?: { field: string; message: string }[] } } | null) : null;
    const errorCode = envelope?.errorCode;
    // Validation runs after onRequest: a reply sent before it (a fault, 401, maintenance) says nothing
    // about the request. A 400 request_param_err from validation or decryption says it failed.
    const requestOk = this.validated ? true : status === 400 && errorCode === ErrorCode.requestParam && !fault ? false : null;
    const contractErrors: string[] = [];
    if (requestOk === false) {
      const fields = envelope?.value?.fields;
      contractErrors.push(...(fields?.length ? fields.map((f) => `${f.field} ${f.message}`) : [`request ${String(envelope?.message)}`]));
    }
    if (errors) contractErrors.push(...errors);
    return entryText(
      { id: this.id, ...base, status, reply: undefined, contract: { request: requestOk, reply: errors === null ? null : errors.length === 0, errors: contractErrors } },
      replyJson,
    );
  }
}

/** An entry's JSON text; `replyJson`, when given, is the reply's text and stands for `reply`. */
function entryText(entry: Omit<JournalEntry, 'reply'> & { reply: unknown }, replyJson?: string): string {
  if (replyJson === undefined) return JSON.stringify(entry);
  // `reply: undefined` leaves the key out; the text closes with its own brace.
  const head = JSON.stringify({ ...entry, reply: undefined });
  return `${head.slice(0, -1)},"reply":${replyJson}}`;
}

function write(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  const record = request.journalPending;
  if (!record) return;
  request.journalPending = null;
  record.finish(request, reply.statusCode, payload);
  simOf(request).journal.record(record);
}

/** A call whose connection server/control/faults.ts drops: journaled now, as no reply will be sent. */
export function journalDropped(request: FastifyRequest): void {
  const record = request.journalPending;
  if (!record) return;
  request.journalPending = null;
  record.finish(request, -1, undefined);
  simOf(request).journal.record(record);
}

/**
 * Adds the journal's steps to the app's request pipeline (server/plugins/request-pipeline.ts; add them
 * before the fault step, so the duration counts injected delays). Every step returns at once for
 * calls that are not journaled.
 */
export function installJournal(app: FastifyInstance): void {
  app.decorateRequest('journalPending', null);
  app.decorateRequest('simInjected', null);
  const pipeline = app.requestPipeline;

  pipeline.onRequest('journal', (request) => {
    const sim = simOf(request);
    if (sim.journal.enabled && isGatewayPath(routedPath(request.url))) {
      request.journalPending = new CallRecord(performance.now(), Date.now(), sim.now());
    }
  });

  pipeline.preHandler('journal', (request) => {
    if (request.journalPending) request.journalPending.validated = true;
  });

  // The pipeline's onSend runs before the routes' own (compression): the payload here is the JSON text.
  pipeline.onSend('journal', (request, reply, payload) => {
    if (request.journalPending) {
      try {
        write(request, reply, payload);
      } catch (err) {
        // The journal must never cost a call its reply.
        request.log.error({ err }, 'journal: could not record the call');
      }
    }
    return payload;
  });
}
