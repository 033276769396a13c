/**
 * Gateway mode: the built web app served by us, every call under `/wps`, `/lgw` and `/lotto`
 * forwarded to a real gateway unchanged and each reply checked against `openapi/openapi.json`. The
 * QA control API does not exist in this mode (mix mode answers it from an in-process simulator).
 *
 * As the simulator's app (server/app.ts), the server is a short list of named plugins under
 * server/plugins/ (ADR 022): `gatewayPipeline(options)` is the list and `buildGatewayApp` registers
 * it. The forwarding, checking and recording are `gateway-proxy`; the config.json, images, files and
 * SPA shell `gateway-web-app`.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { step, type PipelineStep } from '../app';
import { forwardedBy, gatewayProxy, pathOf, type SimulatedCallsApp } from '../plugins/gateway-proxy';
import { gatewayWebApp, type RuntimeConfig } from '../plugins/gateway-web-app';
import { securityHeaders } from '../plugins/security-headers';
import { cspSourcesFromEnv, mergeCspSources, type CspSources } from '../security-headers';
import { loadContract, type OpenApiDocument } from './checker';
import type { CheckMode } from './report';

export type { CheckMode } from './report';
export type { RuntimeConfig } from '../plugins/gateway-web-app';
export { CONTRACT_VIOLATION, GATEWAY_TIMEOUT, GATEWAY_UNREACHABLE, REPORT_PATH } from '../plugins/gateway-proxy';

/** Path prefixes the gateway owns. */
export const GATEWAY_PREFIXES: readonly string[] = ['/wps', '/lgw', '/lotto'];
export const CHECK_MODES: readonly CheckMode[] = ['report', 'strict', 'off'];
export const DEFAULT_MAX_CHECK_BYTES = 2 * 1024 * 1024;

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
  simulate?: SimulatedCallsApp;
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

/** The plugins buildGatewayApp registers, in order; throws a message naming a bad option. */
export function gatewayPipeline(options: GatewayAppOptions): PipelineStep[] {
  const { origin, basePath } = parseGatewayUrl(options.gatewayUrl);
  const mode: CheckMode = options.check ?? 'report';
  if (!CHECK_MODES.includes(mode)) throw new Error(`--check must be one of ${CHECK_MODES.join(', ')}, got ${String(mode)}`);
  const prefixes = (options.prefixes ?? GATEWAY_PREFIXES).map((p) => p.replace(/\/+$/, ''));
  const isForwarded = forwardedBy(prefixes);
  const simulate = options.simulate;
  return [
    // Everything we serve gets our headers; the gateway's replies (and mix mode's control API) go
    // out with their own. The browser talks to this server only, but the gateway's replies may point
    // at images it serves itself.
    step('security-headers', securityHeaders, {
      webDist: options.webDist,
      configGateway: false,
      csp: mergeCspSources(options.csp ?? cspSourcesFromEnv(), { connect: [origin], img: [origin] }),
      skip: (request) => isForwarded(pathOf(request)) || (!!simulate && pathOf(request).startsWith('/__sim')),
    }),
    step('gateway-proxy', gatewayProxy, {
      origin,
      basePath,
      mode,
      maxCheckBytes: options.maxCheckBytes ?? DEFAULT_MAX_CHECK_BYTES,
      prefixes,
      contract: options.contract ?? loadContract(),
      headersTimeoutMs: options.headersTimeoutMs,
      insecureTls: options.insecureTls,
      record: options.record,
      recordPrivate: options.recordPrivate,
      simulate,
    }),
    step('gateway-web-app', gatewayWebApp, { webDist: options.webDist, config: options.config }),
  ];
}

/** The gateway-mode server (gatewayPipeline's plugins on a fresh Fastify). Listen on it to use it. */
export async function buildGatewayApp(options: GatewayAppOptions): Promise<FastifyInstance> {
  const steps = gatewayPipeline(options);
  const app = Fastify({ logger: options.logger ?? false });
  for (const s of steps) await app.register(s.plugin, s.options);
  return app;
}
