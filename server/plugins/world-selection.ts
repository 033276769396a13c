/**
 * Which world a request acts on, first of all (docs/decisions/022-request-pipeline-plugins.md): the
 * X-Sim-World header, else the sim_world cookie (on the API's own paths), else `default`. A world
 * with a request in flight is never unloaded. With a state directory (`--state`, ADR 010) every
 * world and the RSA key are kept there and a second process is refused.
 */
import cookie from '@fastify/cookie';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { routedPath } from '../request-path';
import type { Sim } from '../sim/state';
import { openStateDir, type StateDir } from '../sim/state-dir';
import { checkBrand } from '../sim/world';
import { checkWorldName, DEFAULT_WORLD, WORLD_COOKIE, WORLD_HEADER, Worlds, type WorldHold } from '../sim/worlds';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every world of this process. */
    worlds: Worlds;
    /** The `default` world (what a request without a world header or cookie gets). */
    sim: Sim;
    /** The state directory worlds are kept in (`--state`), or null when they live in memory. */
    stateDir: StateDir | null;
  }
  interface FastifyRequest {
    /** The world this request acts on (X-Sim-World, else the sim_world cookie, else default). */
    sim: Sim;
    /** Its name. */
    worldName: string;
    /** This request's hold on its world (the world may be unloaded again once none is left). */
    worldHold: WorldHold | null;
  }
}

export interface WorldSelectionOptions {
  scenario?: string;
  maxWorlds?: number;
  brand?: string;
  journalSize?: number;
  guestTtlMs?: number;
  stateDir?: string;
}

/** Paths the API owns: unknown ones there answer the error envelope, never the web app. */
export const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/__sim', '/__gateway', '/assets/', '/__demo/'];

/** Requests that act on a world by its cookie: the gateway API, the control API, images and the demo pages. */
function isWorldPath(path: string): boolean {
  for (const prefix of API_PREFIXES) if (path.startsWith(prefix)) return true;
  return false;
}

const WORLDS_COLLECTION = '/__sim/worlds';

/**
 * The control API's world management (list, create, delete, export, import) names its world in the
 * path or the body. The header or cookie of such a request is not the world it acts on, and must not
 * create that world on first use: a client bound to world "w" creating "w" would find it made by its
 * own header and get 409, and deleting a world that does not exist would make it first.
 */
function isWorldsCollection(path: string): boolean {
  return path === WORLDS_COLLECTION || path.startsWith(`${WORLDS_COLLECTION}/`);
}

const plugin: FastifyPluginAsync<WorldSelectionOptions> = async (app, options) => {
  if (options.brand) checkBrand(options.brand);
  const state = options.stateDir ? openStateDir(options.stateDir) : null;
  const worlds = new Worlds({
    scenario: options.scenario ?? 'default',
    maxWorlds: options.maxWorlds,
    brand: options.brand,
    journalSize: options.journalSize,
    guestTtlMs: options.guestTtlMs,
    rsa: state?.rsa,
    persistence: state?.persistence,
    onUnload: (w) => app.log.warn(`world "${w.name}" unloaded: ${w.reason}`),
  });
  app.decorate('worlds', worlds);
  app.decorate('stateDir', state);
  app.decorate('sim', { getter: () => worlds.get(DEFAULT_WORLD) });
  app.decorateRequest('sim', null as unknown as Sim);
  app.decorateRequest('worldName', DEFAULT_WORLD);
  app.decorateRequest('worldHold', null);

  // Cookies are parsed by the world's step below, not by the library's own hook: that hook would run
  // after the pipeline's (server/plugins/request-pipeline.ts), and the world is chosen first. Setting
  // a cookie on a reply works as with the hook (the library parses the header then if not yet done).
  await app.register(cookie, { hook: false });

  app.requestPipeline.onRequest('world-selection', (request, reply) => {
    try {
      const cookieHeader = request.headers.cookie;
      // As the library's hook does: a new container per request.
      request.cookies = cookieHeader ? app.parseCookie(cookieHeader) : {};
      const header = request.headers[WORLD_HEADER];
      const cookieName = request.cookies[WORLD_COOKIE];
      const path = routedPath(request.url);
      const name = isWorldsCollection(path)
        ? DEFAULT_WORLD
        : header !== undefined
          ? checkWorldName(Array.isArray(header) ? (header[0] ?? '') : header, 'headers/x-sim-world')
          : cookieName !== undefined && isWorldPath(path)
            ? checkWorldName(cookieName, `cookies/${WORLD_COOKIE}`)
            : DEFAULT_WORLD;
      const hold = worlds.enter(name);
      request.sim = hold.sim;
      request.worldName = name;
      request.worldHold = hold;
      const res = reply.raw as HeldResponse;
      res[HOLD] = request;
      res.on('close', onResponseClosed);
      // A request aborted before its response was made: its response may never close (a pipelined
      // one). The same test as Fastify's onRequestAbort hooks, without a closure per request.
      const req = request.raw as HeldRequest;
      req[HOLD] = request;
      req.on('close', onRequestClosed);
    } catch (err) {
      request.sim = worlds.get(DEFAULT_WORLD);
      throw err;
    }
  });
};

/**
 * Ends a request's hold on its world when its response closes: after it is sent, or when the
 * connection drops. One listener per request, with no closure (the hold rides on the response
 * object), rather than an onResponse hook, which makes Fastify add and remove its own listeners on
 * every response (docs/decisions/034-request-path-cost.md).
 */
const HOLD = Symbol('worldHold');
type HeldResponse = ServerResponse & { [HOLD]?: FastifyRequest | null };
type HeldRequest = IncomingMessage & { [HOLD]?: FastifyRequest | null };

function onResponseClosed(this: HeldResponse): void {
  const request = this[HOLD];
  if (request) {
    this[HOLD] = null;
    leave(request);
  }
}

function onRequestClosed(this: HeldRequest): void {
  const request = this[HOLD];
  if (request) {
    this[HOLD] = null;
    if (this.aborted) leave(request);
  }
}

function leave(request: { worldHold: WorldHold | null }): void {
  const hold = request.worldHold;
  if (hold) {
    request.worldHold = null;
    hold.leave();
  }
}

export const worldSelection = fp(plugin, {
  fastify: '5.x',
  name: 'world-selection',
  dependencies: ['request-pipeline'],
  decorators: { fastify: ['requestPipeline'] },
});
