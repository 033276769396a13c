/**
 * Security headers on every reply of the instance it is registered on (server/security-headers.ts
 * builds the values; docs/deploy.md lists them): Content-Security-Policy, X-Content-Type-Options,
 * Referrer-Policy, X-Frame-Options, Permissions-Policy and Cross-Origin-Opener-Policy. Not
 * encapsulated: register it before the routes.
 */
import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { configGatewayOrigin, cspForBuild, cspSourcesFromEnv, HELMET_OPTIONS, securityHeaderValues, type SecurityHeadersOptions } from '../security-headers';

/** Headers securityHeaderValues lists that Helmet has no option for, or that are set here instead. */
const OWN_HEADERS = new Set(['content-security-policy', 'permissions-policy']);

const plugin: FastifyPluginAsync<SecurityHeadersOptions> = async (app, options) => {
  const gateway = options.configGateway === false ? undefined : configGatewayOrigin(options.webDist);
  const csp = cspForBuild(options.webDist, gateway, options.csp ?? cspSourcesFromEnv());
  const headers = Object.entries(securityHeaderValues(csp)).filter(([name]) => OWN_HEADERS.has(name));
  await app.register(helmet, HELMET_OPTIONS);
  // Runs after Helmet's own hooks, which give the reply its `helmet()`; Helmet writes its headers on
  // the raw response, so a header a route sets itself still wins.
  app.addHook('onRequest', (request, reply, done) => {
    if (!options.skip?.(request)) reply.helmet();
    done();
  });
  // Synchronous (a done callback): it runs on every reply, and an async hook costs a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    // A route that sets its own header (say, a page with a stricter or looser CSP) keeps it.
    if (!options.skip?.(request)) {
      for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
};

/**
 * Sets Content-Security-Policy, X-Content-Type-Options, Referrer-Policy, X-Frame-Options,
 * Permissions-Policy and Cross-Origin-Opener-Policy on every reply of the instance it is registered
 * on (not encapsulated: register it before the routes): the CSP and Permissions-Policy itself, the
 * rest through @fastify/helmet (HELMET_OPTIONS).
 */
export const securityHeaders = fp(plugin, { fastify: '5.x', name: 'security-headers' });
