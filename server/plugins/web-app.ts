/**
 * The built web app (`webDist`): its files, and every other GET outside the API's paths answers the
 * SPA shell (history mode). Also the app's not-found handler: a known path called with another method
 * is 405 (server/plugins/http-semantics.ts), and an unknown path under the API's prefixes the 404
 * envelope, never the web app.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../openapi/common';
import { CompressedPages, shipsPrecompressed } from '../compressed-pages';
import { installPrerendered } from '../prerendered';
import { checkWorldName, WORLD_COOKIE } from '../sim/worlds';
import { API_PREFIXES } from './world-selection';

export interface WebAppOptions {
  /** Folder of the built web app; without it (or without its index.html) only the API answers. */
  webDist?: string;
}

const plugin: FastifyPluginAsync<WebAppOptions> = async (app, options) => {
  const dist = options.webDist;
  const indexHtml = dist && existsSync(join(dist, 'index.html')) ? readFileSync(join(dist, 'index.html'), 'utf8') : null;
  if (dist && indexHtml) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build's .br and .gz beside a script or stylesheet (web/vite.config.ts) are sent as they
      // are to a browser that takes them; a file without them is compressed on the fly.
      preCompressed: shipsPrecompressed(dist),
      // As docs/deploy.md and gateway mode: hashed bundle files never change; everything else
      // (config.json, favicon) is revalidated.
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.startsWith(join(dist, 'static') + sep) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Public routes answer their first screen pre-rendered when it is for this visitor (ADR 026).
  const prerendered = dist && indexHtml ? installPrerendered(app, { webDist: dist, indexHtml, isNormal: () => app.sim.systemStatus === 0, log: (m) => app.log.warn(m) }) : null;

  const pages = new CompressedPages();
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (app.routeMethods.sendMethodNotAllowed(request, reply)) return reply;
    if (indexHtml && request.method === 'GET' && !API_PREFIXES.some((p) => path.startsWith(p))) {
      // `?world=NAME` on any page: this browser joins that world; every call of the app then carries
      // the cookie.
      const world = (request.query as Record<string, unknown> | undefined)?.world;
      if (typeof world === 'string') {
        checkWorldName(world, 'query/world');
        reply.setCookie(WORLD_COOKIE, world, { path: '/', sameSite: 'lax' });
      }
      // History mode: every app route answers the SPA shell, revalidated on every visit so a new
      // build is picked up at once.
      const page = await prerendered?.documentFor(request);
      return pages.send(request, reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'cookie'), page ?? indexHtml);
    }
    return reply.status(404).send({ success: false, errorCode: ErrorCode.notFound, message: `No route ${request.method} ${path}` });
  });
};

/** Last: the not-found handler answers what no route before it took. */
export const webApp = fp(plugin, {
  fastify: '5.x',
  name: 'web-app',
  dependencies: ['world-selection', 'http-semantics', 'error-envelope', 'contract-routes'],
  decorators: { fastify: ['routeMethods'] },
});
