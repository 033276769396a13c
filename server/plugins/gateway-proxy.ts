/**
 * Gateway mode's forwarding (ADR 022): every call under the gateway's prefixes (`/wps`, `/lgw`,
 * `/lotto`) goes to the real gateway unchanged (method, path, query, headers, body bytes, status,
 * response headers, streaming), and each reply is checked against the contract and, with `record`,
 * recorded. The report is served at GET /__gateway/report (DELETE clears it).
 *
 * Check modes: `report` streams replies through and records every difference; `strict` holds a reply
 * until it is checked and answers a violating one with a 502 envelope; `off` is a plain proxy. Bodies
 * over `maxCheckBytes` stream through unchecked and are counted as such. Mix mode (`simulate`): the
 * calls it claims, and the QA control API under /__sim, are answered by an in-process simulator.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCodeName } from '../../openapi/errors';
import { ContractChecker, type ContractOperation, type Difference, type OpenApiDocument } from '../gateway/checker';
import { answerFromSimulator } from '../gateway/mix';
import { Recorder } from '../gateway/recorder';
import { GatewayReport, type CheckMode } from '../gateway/report';

export const REPORT_PATH = '/__gateway/report';
export const CONTRACT_VIOLATION = 'gateway.contract.violation' satisfies ErrorCodeName;
export const GATEWAY_UNREACHABLE = 'gateway.unreachable' satisfies ErrorCodeName;
export const GATEWAY_TIMEOUT = 'gateway.timeout' satisfies ErrorCodeName;

/** Calls answered by an in-process simulator instead of the gateway (mix mode). */
export interface SimulatedCallsApp {
  matches: (path: string) => boolean;
  app: FastifyInstance;
}

export interface GatewayProxyOptions {
  /** The gateway's origin, e.g. https://gw.example.com. */
  origin: string;
  /** A base path kept in front of every forwarded call ('' for none). */
  basePath: string;
  mode: CheckMode;
  /** Largest body checked; larger ones stream through unchecked. */
  maxCheckBytes: number;
  /** Path prefixes forwarded to the gateway, without a trailing slash. */
  prefixes: readonly string[];
  contract: OpenApiDocument;
  /** How long to wait for the gateway's response headers (default 30 s). */
  headersTimeoutMs?: number;
  /** Accept a gateway certificate that does not verify. */
  insecureTls?: boolean;
  /** Record the public read calls' replies into this folder. */
  record?: string;
  /** With `record`: token calls too, scrubbed of tokens and personal fields. */
  recordPrivate?: boolean;
  simulate?: SimulatedCallsApp;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Gateway mode's contract report (also served at GET /__gateway/report). */
    gatewayReport: GatewayReport;
    /** Gateway mode's recorder, when `record` is set. */
    gatewayRecorder: Recorder | null;
  }
}

/** The path of a request, without its query. */
export const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';

/** Does a path go to the gateway: one of the prefixes, or under one. */
export function forwardedBy(prefixes: readonly string[]): (path: string) => boolean {
  return (path) => prefixes.some((p) => path === p || path.startsWith(`${p}/`));
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/**
 * Passes a body through untouched while keeping a copy of up to `limit` bytes; calls `onEnd` with the
 * copy (null when the body outgrew the limit) once the last byte has gone through.
 */
class CaptureTap extends Transform {
  private chunks: Buffer[] = [];
  private size = 0;
  private overflow = false;
  private ended = false;

  constructor(
    private readonly limit: number,
    private readonly onEnd: (body: Buffer | null) => void,
    onAbort: () => void,
  ) {
    super();
    this.once('close', () => {
      if (!this.ended) onAbort();
    });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.overflow) {
      this.size += chunk.length;
      if (this.size > this.limit) {
        this.overflow = true;
        this.chunks = [];
      } else {
        this.chunks.push(chunk);
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.ended = true;
    try {
      this.onEnd(this.overflow ? null : Buffer.concat(this.chunks));
    } finally {
      callback();
    }
  }
}

/** Reads a body until it ends or passes `limit` bytes; the stream is left paused in the latter case. */
function readUpTo(stream: Readable, limit: number): Promise<{ chunks: Buffer[]; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > limit) {
        stream.pause();
        cleanup();
        resolve({ chunks, complete: false });
      }
    };
    const onEnd = () => {
      cleanup();
      resolve({ chunks, complete: true });
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}

/** The chunks already read, then the rest of the stream. */
function resume(chunks: Buffer[], stream: Readable): Readable {
  async function* all() {
    yield* chunks;
    for await (const chunk of stream) yield chunk as Buffer;
  }
  return Readable.from(all(), { objectMode: false });
}

const describe = (d: Difference) => `${d.field}: expected ${d.expected}, got ${d.got}`;

const plugin: FastifyPluginAsync<GatewayProxyOptions> = async (app, options) => {
  const { origin, basePath, mode, maxCheckBytes, prefixes, contract, simulate } = options;
  const checker = mode === 'off' ? null : new ContractChecker(contract);
  const report = new GatewayReport(origin + basePath, mode, maxCheckBytes);
  const recorder = options.record
    ? new Recorder({ dir: options.record, private: options.recordPrivate, gateway: origin + basePath, contract })
    : null;
  // The recorder matches calls to operations even when nothing is checked.
  const matcher = checker ?? (recorder ? new ContractChecker(contract) : null);

  app.decorate('gatewayReport', report);
  app.decorate('gatewayRecorder', recorder);
  if (simulate) app.addHook('onClose', async () => simulate.app.close());

  await app.register(replyFrom, {
    base: origin,
    disableRequestLogging: true,
    // Close the connection pool with the app, so tests and restarts leave no sockets behind.
    destroyAgent: true,
    undici: {
      headersTimeout: options.headersTimeoutMs ?? 30_000,
      // reply-from defaults undici's `tls.rejectUnauthorized` to false (any certificate); `connect`
      // options are applied after it, so this restores verification.
      connect: { rejectUnauthorized: !options.insecureTls },
    },
  });

  function logDifferences(request: FastifyRequest, op: ContractOperation, status: number, fresh: Difference[], repeated: Difference[]) {
    const where = `${op.operationId}${op.inferred ? ' (inferred path)' : ''} ${status}`;
    for (const d of fresh) {
      request.log.warn({ operation: op.operationId, inferred: op.inferred, status, ...d }, `contract drift: ${where} ${describe(d)}`);
    }
    for (const d of repeated) {
      request.log.info({ operation: op.operationId, inferred: op.inferred, status, ...d }, `contract drift again: ${where} ${describe(d)}`);
    }
  }

  /** Check a complete body; returns the differences (empty when it conforms or was not checkable). */
  function checkBody(request: FastifyRequest, op: ContractOperation, status: number, headers: IncomingHttpHeaders, body: Buffer): Difference[] {
    if (!checker) return [];
    const outcome = checker.check(
      op,
      { status, body, contentType: headerText(headers['content-type']), contentEncoding: headerText(headers['content-encoding']) },
      maxCheckBytes,
    );
    if (!outcome.checked) {
      report.recordUnchecked(op, status, outcome.reason);
      request.log.info({ operation: op.operationId, status, reason: outcome.reason }, `gateway reply not checked: ${outcome.reason}`);
      return [];
    }
    const { fresh, repeated } = report.record(op, status, outcome.differences);
    logDifferences(request, op, status, fresh, repeated);
    return outcome.differences;
  }

  function unchecked(request: FastifyRequest, op: ContractOperation, status: number, reason: string) {
    report.recordUnchecked(op, status, reason);
    request.log.info({ operation: op.operationId, status, reason }, `gateway reply not checked: ${reason}`);
  }

  function sendViolation(reply: FastifyReply, op: ContractOperation, status: number, differences: Difference[]) {
    // The gateway's headers described the body we refuse; none of them may go out with ours.
    for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
    const [first] = differences;
    const more = differences.length > 1 ? ` (and ${differences.length - 1} more)` : '';
    return reply
      .code(502)
      .type('application/json; charset=utf-8')
      .send({
        success: false,
        errorCode: CONTRACT_VIOLATION,
        message: `The gateway's reply to ${op.operationId} breaks the contract at ${first ? describe(first) : 'the reply'}${more}`,
        value: { operationId: op.operationId, inferred: op.inferred, status, violations: differences },
      });
  }

  function sendUnreachable(reply: FastifyReply, error: Error & { statusCode?: number }) {
    report.recordFailure();
    const timeout = error.statusCode === 504;
    reply.log.warn({ err: error }, `gateway did not answer ${reply.request.method} ${pathOf(reply.request)}`);
    for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
    return reply
      .code(timeout ? 504 : 502)
      .type('application/json; charset=utf-8')
      .send({
        success: false,
        errorCode: timeout ? GATEWAY_TIMEOUT : GATEWAY_UNREACHABLE,
        message: timeout ? 'The gateway did not answer in time' : 'The gateway could not be reached',
      });
  }

  /** What to do with the gateway's reply once its status and headers are in (reply-from onResponse). */
  async function onGatewayReply(request: FastifyRequest, reply: FastifyReply, status: number, headers: IncomingHttpHeaders, upstream: Readable) {
    const path = pathOf(request);
    const op = matcher?.match(request.method, path);
    const recording = recorder ? recorder.wants(op, status) : false;
    if (!op || (!checker && !recording)) {
      if (checker && !op && report.recordUnknown(request.method, path, status)) {
        request.log.warn({ method: request.method, path, status }, `gateway call outside the contract: ${request.method} ${path}`);
      }
      return reply.send(upstream);
    }
    const incomplete = (reason: string) => {
      if (checker) unchecked(request, op, status, reason);
      if (recording) recorder?.incomplete(reason);
    };
    const length = Number(headerText(headers['content-length']));
    if (length > maxCheckBytes) {
      incomplete('body over the size limit');
      return reply.send(upstream);
    }
    const record = (body: Buffer) =>
      recorder?.record(op, request, {
        status,
        contentType: headerText(headers['content-type']),
        contentEncoding: headerText(headers['content-encoding']),
        body,
      });

    if (mode !== 'strict' || !checker) {
      // Stream as it comes, keep a copy, check (and record) once the last byte has gone out.
      const tap = new CaptureTap(
        maxCheckBytes,
        (body) => {
          if (!body) return incomplete('body over the size limit');
          if (checker) checkBody(request, op, status, headers, body);
          if (recording) record(body);
        },
        () => incomplete('body not completed'),
      );
      pipeline(upstream, tap, () => {});
      return reply.send(tap);
    }

    // strict: hold the reply until it is checked.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) upstream.destroy();
    });
    let read: { chunks: Buffer[]; complete: boolean };
    try {
      read = await readUpTo(upstream, maxCheckBytes);
    } catch (err) {
      return sendUnreachable(reply, err instanceof Error ? err : new Error(String(err)));
    }
    if (!read.complete) {
      incomplete('body over the size limit');
      return reply.send(resume(read.chunks, upstream));
    }
    const body = Buffer.concat(read.chunks);
    const differences = checkBody(request, op, status, headers, body);
    // The upstream's reply is recorded as it came; a replay reports the ones that break the contract.
    if (recording) record(body);
    if (differences.length) return sendViolation(reply, op, status, differences);
    return reply.send(body);
  }

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    // Mix mode: the chosen calls are the simulator's; the drift report covers proxied calls only.
    if (simulate?.matches(pathOf(request))) return answerFromSimulator(simulate.app, request, reply);
    return reply.from(basePath + pathOf(request), {
      // Never replay a call on the gateway's behalf: a 503 (maintenance) goes to the client as is.
      retryDelay: () => null,
      rewriteRequestHeaders: (req, headers) => {
        const previous = headerText(headers['x-forwarded-for']);
        return {
          ...headers,
          // The gateway reports the visitor's IP and applies region rules by it.
          'x-forwarded-for': previous ? `${previous}, ${req.ip}` : req.ip,
          'x-forwarded-host': req.host,
          'x-forwarded-proto': req.protocol,
        };
      },
      onResponse: (_req, _rep, res) => {
        // reply-from's types omit the upstream headers that it does pass.
        const upstream = res as unknown as { statusCode: number; headers: IncomingHttpHeaders; stream: Readable };
        void onGatewayReply(request, reply, upstream.statusCode, upstream.headers, upstream.stream).catch((err: unknown) => {
          reply.log.error(err);
          if (!reply.sent) sendUnreachable(reply, err instanceof Error ? err : new Error(String(err)));
        });
      },
      onError: (_rep, { error }) => {
        sendUnreachable(reply, error);
      },
    });
  }

  await app.register(async (scope) => {
    // Bodies go to the gateway as the raw request stream: encrypted bodies byte for byte, any type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    for (const prefix of prefixes) {
      scope.all(prefix, forward);
      scope.all(`${prefix}/*`, forward);
    }
    // Mix mode: the simulator's QA control API (SMS outbox, captcha answer…) for the simulated calls.
    if (simulate) {
      const control = (request: FastifyRequest, reply: FastifyReply) => answerFromSimulator(simulate.app, request, reply);
      scope.all('/__sim', control);
      scope.all('/__sim/*', control);
    }
  });

  app.get(REPORT_PATH, async () => report.toJSON());
  app.delete(REPORT_PATH, async () => {
    report.reset();
    return report.toJSON();
  });
};

/**
 * After security-headers, which gateway mode tells to leave the forwarded replies alone: the
 * gateway's replies go out with the gateway's headers, untouched.
 */
export const gatewayProxy = fp(plugin, { fastify: '5.x', name: 'gateway-proxy', dependencies: ['security-headers'] });
