/**
 * Gateway mode (docs/gateway.md): the built web app served by us, every call under
 * `/wps`, `/lgw` and `/lotto` forwarded to a real gateway unchanged (method, path, query, headers,
 * body bytes, status, response headers, streaming), and each reply checked against
 * `openapi/openapi.json`. The QA control API does not exist in this mode.
 *
 * Check modes: `report` streams replies through and records every difference (GET /__gateway/report);
 * `strict` holds a reply until it is checked and answers a violating one with a 502 envelope; `off`
 * is a plain proxy. Bodies over `maxCheckBytes` stream through unchecked and are counted as such.
 */
import { assetRoutes } from '../assets';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { join, sep } from 'node:path';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { ErrorCode } from '../../openapi/common';
import type { ErrorCodeName } from '../../openapi/errors';
import { webManifest } from '../../openapi/web-manifest';
import { API_PREFIXES } from '../app';
import { cspSourcesFromEnv, mergeCspSources, securityHeaders, type CspSources } from '../security-headers';
import { ContractChecker, loadContract, type ContractOperation, type Difference, type OpenApiDocument } from './checker';
import { answerFromSimulator } from './mix';
import { Recorder } from './recorder';
import { GatewayReport, type CheckMode } from './report';

export type { CheckMode } from './report';

/** Path prefixes the gateway owns: every call under them is forwarded. */
export const GATEWAY_PREFIXES: readonly string[] = ['/wps', '/lgw', '/lotto'];
export const CHECK_MODES: readonly CheckMode[] = ['report', 'strict', 'off'];
export const DEFAULT_MAX_CHECK_BYTES = 2 * 1024 * 1024;
export const REPORT_PATH = '/__gateway/report';
export const CONTRACT_VIOLATION = 'gateway.contract.violation' satisfies ErrorCodeName;
export const GATEWAY_UNREACHABLE = 'gateway.unreachable' satisfies ErrorCodeName;
export const GATEWAY_TIMEOUT = 'gateway.timeout' satisfies ErrorCodeName;

/** The runtime config.json of the web app (web/public/config.json). */
export interface RuntimeConfig {
  merchant: string;
  gatewayUrl: string;
  brand: string;
  [key: string]: unknown;
}

const DEFAULT_CONFIG: RuntimeConfig = { merchant: 'DEMO', gatewayUrl: '', brand: 'Lucky Lotus' };

export interface GatewayAppOptions {
  /** The real gateway, e.g. https://gw.example.com (a base path, if any, is kept in front of every call). */
  gatewayUrl: string;
  check?: CheckMode;
  /** Folder of the built web app (web/dist). */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** Prefixes forwarded to the gateway; defaults to GATEWAY_PREFIXES. */
  prefixes?: readonly string[];
  /** Largest body checked; larger ones stream through unchecked. */
  maxCheckBytes?: number;
  /** Override the merchant or brand of the served config.json (one build, several brands). */
  config?: Partial<Pick<RuntimeConfig, 'merchant' | 'brand'>>;
  /** Extra CSP sources (a real gateway's image CDN, game vendors); defaults to CSP_*_SRC. */
  csp?: CspSources;
  /** The contract; defaults to openapi/openapi.json. */
  contract?: OpenApiDocument;
  /** How long to wait for the gateway's response headers. */
  headersTimeoutMs?: number;
  /** Accept a gateway certificate that does not verify (a test gateway with a self-signed one). */
  insecureTls?: boolean;
  /** Record the public read calls' replies into this folder (docs/gateway.md "Record"). */
  record?: string;
  /** With `record`: token calls too, scrubbed of tokens and personal fields. */
  recordPrivate?: boolean;
  /**
   * Answer these calls from an in-process simulator instead of the gateway (mix mode): a request
   * the function claims goes to it, with the simulator's control API under /__sim.
   */
  simulate?: { matches: (path: string) => boolean; app: FastifyInstance };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Gateway mode's contract report (also served at GET /__gateway/report). */
    gatewayReport: GatewayReport;
    /** Gateway mode's recorder, when `record` is set. */
    gatewayRecorder: Recorder | null;
  }
}

function parseGatewayUrl(value: string): { origin: string; basePath: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--gateway must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--gateway must be an http(s) URL, got ${value}`);
  if (url.search || url.hash || url.username || url.password) throw new Error('--gateway takes an origin and optional base path only');
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
}

function readConfig(webDist: string | undefined): RuntimeConfig {
  const file = webDist ? join(webDist, 'config.json') : undefined;
  if (!file || !existsSync(file)) return { ...DEFAULT_CONFIG };
  return { ...DEFAULT_CONFIG, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<RuntimeConfig>) };
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

/**
 * Builds the gateway-mode server: static web app with security headers, `/config.json` pointing the
 * app at this server, the forwarding routes and the report. Listen on it to use it.
 */
export async function buildGatewayApp(options: GatewayAppOptions): Promise<FastifyInstance> {
  const { origin, basePath } = parseGatewayUrl(options.gatewayUrl);
  const mode: CheckMode = options.check ?? 'report';
  if (!CHECK_MODES.includes(mode)) throw new Error(`--check must be one of ${CHECK_MODES.join(', ')}, got ${String(mode)}`);
  const maxCheckBytes = options.maxCheckBytes ?? DEFAULT_MAX_CHECK_BYTES;
  const prefixes = (options.prefixes ?? GATEWAY_PREFIXES).map((p) => p.replace(/\/+$/, ''));
  const isForwarded = (path: string) => prefixes.some((p) => path === p || path.startsWith(`${p}/`));
  const contract = options.contract ?? loadContract();
  const checker = mode === 'off' ? null : new ContractChecker(contract);
  const report = new GatewayReport(origin + basePath, mode, maxCheckBytes);
  const recorder = options.record
    ? new Recorder({ dir: options.record, private: options.recordPrivate, gateway: origin + basePath, contract })
    : null;
  // The recorder matches calls to operations even when nothing is checked.
  const matcher = checker ?? (recorder ? new ContractChecker(contract) : null);

  const simulate = options.simulate;
  const app = Fastify({ logger: options.logger ?? false });
  app.decorate('gatewayReport', report);
  app.decorate('gatewayRecorder', recorder);
  if (simulate) app.addHook('onClose', async () => simulate.app.close());

  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';

  // The gateway's replies go out with the gateway's headers, untouched; everything we serve gets ours.
  // The browser talks to this server only (config.json below), but the gateway's replies may point at
  // images it serves itself.
  await app.register(securityHeaders, {
    webDist: options.webDist,
    configGateway: false,
    csp: mergeCspSources(options.csp ?? cspSourcesFromEnv(), { connect: [origin], img: [origin] }),
    skip: (request) => isForwarded(pathOf(request)) || (!!simulate && pathOf(request).startsWith('/__sim')),
  });

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

  // The app calls this server, which forwards and checks: never the gateway directly.
  const overrides = Object.fromEntries(Object.entries(options.config ?? {}).filter(([, v]) => typeof v === 'string' && v !== ''));
  const config: RuntimeConfig = { ...readConfig(options.webDist), ...overrides, gatewayUrl: '' };
  app.get('/config.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(config));
  // The lite app's manifest names the brand this config.json names (ADR 014), when the build has one.
  if (options.webDist && existsSync(join(options.webDist, 'manifest.webmanifest'))) {
    const manifest = JSON.stringify(webManifest(config));
    app.get('/manifest.webmanifest', async (_request, reply) =>
      reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(manifest),
    );
  }

  // The portal's own chrome images (logo, flags, payment marks, QR codes, the error image) are ours,
  // not the gateway's: serve them here, drawn from the fixture brand, so gateway mode shows no
  // broken images. Game tiles and banners come with the gateway's own URLs.
  await app.register(assetRoutes);

  const dist = options.webDist;
  const indexHtml = dist && existsSync(join(dist, 'index.html')) ? readFileSync(join(dist, 'index.html'), 'utf8') : null;
  const sendIndex = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  if (dist && indexHtml) {
    app.get('/', sendIndex);
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      // Hashed bundle files never change; everything else is revalidated.
      setHeaders: (res, file) => {
        res.header('cache-control', file.startsWith(join(dist, 'static') + sep) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request);
    if (indexHtml && (request.method === 'GET' || request.method === 'HEAD') && !API_PREFIXES.some((p) => path.startsWith(p))) {
      // History mode: every app route answers the SPA shell.
      return sendIndex(request, reply);
    }
    // /__sim included: the QA control API exists only in simulator mode.
    return reply.status(404).send({ success: false, errorCode: ErrorCode.notFound, message: `No route ${request.method} ${path}` });
  });

  return app;
}
