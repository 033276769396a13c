/**
 * Who may reach the control plane (ADR 023): the QA control API (`/__sim`) and the demo pages
 * (`/__demo/…`) can reset worlds, read SMS codes and delete worlds, so they answer only their owners.
 *
 * - The `Host` must be a loopback name (localhost, *.localhost, 127.x.x.x, ::1) or one allowed with
 *   `--allow-host NAME`: a page on another site that rebinds its name to this machine (DNS
 *   rebinding) sends its own name and gets 403 `sim.control.host`.
 * - A request with an `Origin` of another site gets 403 `sim.control.origin`. The same host on
 *   another port is the same site (the Vite dev server of `npm run dev`), and loopback names are
 *   one site; the CLI and the kit send no `Origin` at all.
 * - With a control token (`--control-token`, `SIM_CONTROL_TOKEN`) every `/__sim` call must carry it
 *   in `X-Sim-Control-Token`, else 401 `sim.control.token`. EventSource cannot send headers, so
 *   the two event streams also take it as `?control_token=`.
 *
 * The checks are the pipeline's first onRequest step (server/plugins/request-pipeline.ts), before the
 * world is chosen, and answer the error envelope.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../errors';
import { routedPath } from '../request-path';

export interface ControlAccessOptions {
  /** Host names besides the loopback ones the control plane answers (`--allow-host`). */
  allowHosts?: string[];
  /** Every /__sim call must send this in X-Sim-Control-Token (`--control-token`). */
  controlToken?: string;
}

export const CONTROL_TOKEN_HEADER = 'x-sim-control-token';
/** The query parameter the event streams take the token from (EventSource sends no headers). */
export const CONTROL_TOKEN_QUERY = 'control_token';
const STREAMS = new Set(['/__sim/events', '/__sim/journal/stream']);

/** Whether a host name (no port, lower case) names this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '::1' ||
    name === '0:0:0:0:0:0:0:1' ||
    /^127(?:\.\d{1,3}){3}$/.test(name) ||
    /^::ffff:127(?:\.\d{1,3}){3}$/.test(name)
  );
}

/** The host name of a Host header value or a URL's host, lower case, without the port. */
export function hostnameOf(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  // One colon is a port; more are a bare IPv6 address.
  return lower.split(':').length === 2 ? (lower.split(':')[0] ?? '') : lower;
}

function isControlPath(path: string): boolean {
  return path === '/__sim' || path.startsWith('/__sim/') || path.startsWith('/__demo/');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

const controlAccess: FastifyPluginCallback<ControlAccessOptions> = (app, options, done) => {
  const allowed = new Set((options.allowHosts ?? []).map((h) => hostnameOf(h)).filter(Boolean));
  const hostAllowed = (hostname: string) => isLoopbackHost(hostname) || allowed.has(hostname);
  const token = options.controlToken ? digest(options.controlToken) : null;

  /** The Origin names this site: the request's own host name, or both loopback, or an allowed host. */
  const sameSite = (hostname: string, origin: string): boolean => {
    let originHost: string;
    try {
      originHost = hostnameOf(new URL(origin).host);
    } catch {
      return false; // "null" (sandboxed frames, file: pages) and garbage are another site
    }
    if (!originHost) return false;
    if (originHost === hostname) return true;
    if (isLoopbackHost(originHost) && isLoopbackHost(hostname)) return true;
    return allowed.has(originHost);
  };

  const tokenOf = (request: FastifyRequest, path: string): string | undefined => {
    const header = request.headers[CONTROL_TOKEN_HEADER];
    if (typeof header === 'string') return header;
    if (STREAMS.has(path) && request.method === 'GET') {
      const query = request.query as Record<string, unknown> | undefined;
      const value = query?.[CONTROL_TOKEN_QUERY];
      if (query && value !== undefined) delete query[CONTROL_TOKEN_QUERY]; // not one of the stream's own parameters
      if (typeof value === 'string') return value;
    }
    return undefined;
  };

  app.requestPipeline.onRequest('control-access', (request) => {
    const path = routedPath(request.url);
    if (!isControlPath(path)) return;
    const hostname = hostnameOf(request.headers.host ?? '');
    if (!hostAllowed(hostname)) {
      throw apiError('sim.control.host', `The control API does not answer the host name "${hostname || '(none)'}": use localhost, or start with --allow-host ${hostname || 'NAME'}`);
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !sameSite(hostname, origin)) {
      throw apiError('sim.control.origin', `The control API refuses calls from pages of another site (Origin ${origin})`);
    }
    if (token && (path === '/__sim' || path.startsWith('/__sim/'))) {
      const sent = tokenOf(request, path);
      if (sent === undefined || !timingSafeEqual(digest(sent), token)) {
        throw apiError('sim.control.token', sent === undefined ? undefined : 'The control token in X-Sim-Control-Token is not this simulator\'s');
      }
    }
  });
  done();
};

export default fp(controlAccess, {
  name: 'control-access',
  fastify: '5.x',
  dependencies: ['request-pipeline'],
  decorators: { fastify: ['requestPipeline'] },
});
