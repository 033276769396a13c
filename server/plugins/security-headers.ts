/**
 * Security headers on every reply of the instance it is registered on (server/security-headers.ts
 * builds the values; docs/deploy.md lists them): Content-Security-Policy, X-Content-Type-Options,
 * Referrer-Policy, X-Frame-Options, Permissions-Policy and Cross-Origin-Opener-Policy. Not
 * encapsulated: register it before the routes. Its two steps join the request pipeline
 * (server/plugins/request-pipeline.ts), which it registers itself on an app without one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { pipelineOf } from './request-pipeline';
import { configGatewayOrigin, cspForBuild, cspSourcesFromEnv, HELMET_OPTIONS, securityHeaderValues, type SecurityHeadersOptions } from '../security-headers';

/** Headers securityHeaderValues lists that Helmet has no option for, or that are set here instead. */
const OWN_HEADERS = new Set(['content-security-policy', 'permissions-policy']);

/**
 * The headers Helmet writes with HELMET_OPTIONS, found once by running its middleware against a
 * response that only records them: they do not depend on the request, so every reply gets the same
 * list without running Helmet's middleware chain (and its promise) per request (docs/benchmarks.md).
 */
function helmetHeaders(): [string, string][] {
  const { global: _global, ...options } = HELMET_OPTIONS;
  const written: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void written.push([name.toLowerCase(), String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return written;
}

const plugin: FastifyPluginAsync<SecurityHeadersOptions> = async (app, options) => {
  const gateway = options.configGateway === false ? undefined : configGatewayOrigin(options.webDist);
  const csp = cspForBuild(options.webDist, gateway, options.csp ?? cspSourcesFromEnv());
  const own = Object.entries(securityHeaderValues(csp)).filter(([name]) => OWN_HEADERS.has(name));
  const helmets = helmetHeaders();
  const skip = options.skip;
  const pipeline = await pipelineOf(app);
  // Helmet's headers go on the reply as the request comes in, as Helmet writes them: on every reply
  // from here on, a refusal too, and a header a route sets itself still wins (it is set later). They
  // are the reply's own headers, not the raw response's: a header set on the raw response sends
  // every other header of the reply through Node's setHeader one by one before they are written
  // (docs/decisions/038-one-hook-per-lifecycle-point.md). A hijacked reply (an event stream) writes
  // them itself (server/control/sse.ts).
  pipeline.onRequest('security-headers', (request, reply) => {
    if (skip?.(request)) return;
    for (let i = 0; i < helmets.length; i++) {
      const header = helmets[i] as [string, string];
      reply.header(header[0], header[1]);
    }
  });
  // A route that sets its own header (say, a page with a stricter or looser CSP) keeps it.
  pipeline.onSend('security-headers', (request, reply, payload) => {
    if (skip?.(request)) return payload;
    for (let i = 0; i < own.length; i++) {
      const header = own[i] as [string, string];
      if (!reply.hasHeader(header[0])) reply.header(header[0], header[1]);
    }
    return payload;
  });
};

/**
 * Sets Content-Security-Policy, X-Content-Type-Options, Referrer-Policy, X-Frame-Options,
 * Permissions-Policy and Cross-Origin-Opener-Policy on every reply of the instance it is registered
 * on (not encapsulated: register it before the routes): the CSP and Permissions-Policy itself, the
 * rest as Helmet writes them with HELMET_OPTIONS.
 */
export const securityHeaders = fp(plugin, { fastify: '5.x', name: 'security-headers' });
