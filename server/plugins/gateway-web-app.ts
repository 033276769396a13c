/**
 * Gateway mode's web app (ADR 022): `/config.json` pointing the app at this server (which forwards
 * and checks, never the gateway directly), the lite app's manifest for the brand it names, the
 * portal's own chrome images, the built app's files, and the SPA shell for every other GET outside
 * the API's paths. Everything else answers the 404 envelope: /__sim included, as the QA control API
 * exists only in simulator mode (and in mix mode, where gateway-proxy answers it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../openapi/common';
import { webManifest } from '../../openapi/web-manifest';
import { assetRoutes } from '../assets';
import { CompressedPages, shipsPrecompressed } from '../compressed-pages';
import { pathOf } from './gateway-proxy';
import { API_PREFIXES } from './world-selection';

/** The runtime config.json of the web app (web/public/config.json). */
export interface RuntimeConfig {
  merchant: string;
  gatewayUrl: string;
  brand: string;
  [key: string]: unknown;
}

const DEFAULT_CONFIG: RuntimeConfig = { merchant: 'DEMO', gatewayUrl: '', brand: 'Lucky Lotus' };

export interface GatewayWebAppOptions {
  /** Folder of the built web app (web/dist); without it only config.json and the images answer. */
  webDist?: string;
  /** Override the merchant or brand of the served config.json (one build, several brands). */
  config?: Partial<Pick<RuntimeConfig, 'merchant' | 'brand'>>;
}

function readConfig(webDist: string | undefined): RuntimeConfig {
  const file = webDist ? join(webDist, 'config.json') : undefined;
  if (!file || !existsSync(file)) return { ...DEFAULT_CONFIG };
  return { ...DEFAULT_CONFIG, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<RuntimeConfig>) };
}

const plugin: FastifyPluginAsync<GatewayWebAppOptions> = async (app, options) => {
  // The app calls this server, which forwards and checks: never the gateway directly.
  const overrides = Object.fromEntries(Object.entries(options.config ?? {}).filter(([, v]) => typeof v === 'string' && v !== ''));
  const config: RuntimeConfig = { ...readConfig(options.webDist), ...overrides, gatewayUrl: '' };
  app.get('/config.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(config));
  // The lite app's manifest names the brand this config.json names, when the build has one.
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
  const pages = new CompressedPages();
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => pages.send(request, reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache'), indexHtml ?? '');
  if (dist && indexHtml) {
    app.get('/', sendIndex);
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      // The build's .br and .gz of a script or stylesheet are sent as they are (web/vite.config.ts).
      preCompressed: shipsPrecompressed(dist),
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
    return reply.status(404).send({ success: false, errorCode: ErrorCode.notFound, message: `No route ${request.method} ${path}` });
  });
};

/** Last: the not-found handler answers what no route before it took. */
export const gatewayWebApp = fp(plugin, { fastify: '5.x', name: 'gateway-web-app', dependencies: ['security-headers', 'gateway-proxy'] });
