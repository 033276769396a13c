/**
 * Security headers on every reply of the instance it is registered on (server/security-headers.ts
 * builds the values; docs/deploy.md lists them): Content-Security-Policy, X-Content-Type-Options,
 * Referrer-Policy, X-Frame-Options, Permissions-Policy and Cross-Origin-Opener-Policy. Not
 * encapsulated: register it before the routes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
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
  // Helmet's headers go on the raw response as the request comes in, as Helmet itself writes them:
  // on every reply, event streams too, and a header a route sets itself still wins.
  app.addHook('onRequest', (request, reply, done) => {
    if (!skip?.(request)) for (const [name, value] of helmets) reply.raw.setHeader(name, value);
    done();
  });
  // Synchronous (a done callback), as every hook here: an async hook costs a promise per reply.
  app.addHook('onSend', (request, reply, payload, done) => {
    // A route that sets its own header (say, a page with a stricter or looser CSP) keeps it.
    if (!skip?.(request)) {
      for (const [name, value] of own) if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
};

/**
 * Sets Content-Security-Policy, X-Content-Type-Options, Referrer-Policy, X-Frame-Options,
 * Permissions-Policy and Cross-Origin-Opener-Policy on every reply of the instance it is registered
 * on (not encapsulated: register it before the routes): the CSP and Permissions-Policy itself, the
 * rest as Helmet writes them with HELMET_OPTIONS.
 */
export const securityHeaders = fp(plugin, { fastify: '5.x', name: 'security-headers' });
