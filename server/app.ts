/**
 * Builds the Fastify instance: the simulator's routes from the contract, the QA control API, local
 * assets and the built web app. Tests import this and use `app.inject`; `scripts/start.ts` listens.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { ErrorCode } from '../openapi/common';
import { MOBILE_NUMBER_PATTERN } from '../openapi/constants';
import { assetRoutes } from './assets';
import { installFaultHook } from './control/faults';
import { installJournal } from './journal-hooks';
import { controlRoutes } from './control/routes';
import { contentTypes, unsupportedMediaTypeEnvelope } from './content-type';
import { ApiError } from './errors';
import { installDurability } from './durability';
import { sendMethodNotAllowed, trackRouteMethods } from './methods';
import { securityHeaders } from './security-headers';
import { agentRoutes } from './routes/agent';
import { demoGameRoutes } from './routes/demo-game';
import { gamesRoutes } from './routes/games';
import { lotteryRoutes } from './routes/lottery';
import { memberRoutes } from './routes/member';
import { messagesRoutes } from './routes/messages';
import { pointsRoutes } from './routes/points';
import { promotionsRoutes } from './routes/promotions';
import { sessionRoutes } from './routes/session';
import { systemRoutes } from './routes/system';
import { verificationRoutes } from './routes/verification';
import { walletRoutes } from './routes/wallet';
import { installPrerendered } from './prerendered';
import { installReplay, ReplaySet } from './replay';
import { settleSalaries } from './sim/agent';
import { checkMobile } from './sim/sms';
import type { Sim } from './sim/state';
import { checkWorldName, DEFAULT_WORLD, WORLD_COOKIE, WORLD_HEADER, Worlds } from './sim/worlds';
import { checkBrand } from './sim/world';
import { openStateDir } from './sim/state-dir';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every world of this process (issue 13). */
    worlds: Worlds;
    /** The `default` world (what a request without a world header or cookie gets). */
    sim: Sim;
  }
  interface FastifyRequest {
    /** The world this request acts on (X-Sim-World, else the sim_world cookie, else default). */
    sim: Sim;
    /** Its name. */
    worldName: string;
  }
}

export interface AppOptions {
  /** Scenario of fixtures/scenarios to start with. */
  scenario?: string;
  /** Folder of the built web app to serve (history-mode fallback to index.html). */
  webDist?: string;
  /** Mount the QA control API under /__sim (simulator mode only). */
  controlApi?: boolean;
  /** At most this many worlds in memory (`--max-worlds`, default 1,000). */
  maxWorlds?: number;
  /** An imported brand of fixtures/brands to run on instead of the default fixtures. */
  brand?: string;
  /** Replay mode: answer the calls recorded in this folder from the recording (server/replay.ts). */
  replay?: string | ReplaySet;
  /** Entries the request journal keeps (default 1,000; 0 = off, `--journal off`); simulator mode only. */
  journalSize?: number;
  /** How long a free-play guest lives on its world's clock (`--guest-ttl`, default two hours). */
  guestTtlMs?: number;
  logger?: FastifyServerOptions['logger'];
  /**
   * Keep worlds and the RSA key in this directory across restarts (`--state`, ADR 010); without it
   * state lives in memory. Throws when another process holds the directory.
   */
  stateDir?: string;
}

/** Paths the API owns: unknown ones there answer the error envelope, never the web app. */
export const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/__sim', '/__gateway', '/assets/', '/__demo/'];

interface ValidationIssue {
  instancePath: string;
  keyword?: string;
  message?: string;
  params?: { missingProperty?: string; additionalProperty?: string; allowedValue?: unknown; allowedValues?: unknown[]; pattern?: string };
}


/**
 * A validation failure only about the contract's mobile-number pattern answers as the SMS rules of
 * spec section 8 do (server/sim/sms.ts checkMobile): missing-phone-number for a blank number,
 * invalid-phone-number otherwise, naming the field. null for any other failure.
 */
function mobileRefusal(context: string | undefined, issues: ValidationIssue[], request: FastifyRequest): ApiError | null {
  const relevant = issues.filter((i) => i.keyword !== 'if');
  const first = relevant[0];
  if (!first || !relevant.every((i) => i.keyword === 'pattern' && i.params?.pattern === MOBILE_NUMBER_PATTERN)) return null;
  const where = context === 'querystring' ? 'query' : (context ?? 'body');
  let value: unknown = where === 'query' ? request.query : request.body;
  const path = first.instancePath.replace(/^\//, '');
  for (const key of path.split('/')) value = (value as Record<string, unknown> | null | undefined)?.[key];
  try {
    checkMobile(typeof value === 'string' ? value : undefined, `${where}/${path}`);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  return null;
}

/**
 * 'body/username' style names of the fields a schema error is about, one message per field: a union
 * of literals reads "must be one of: username, sms" rather than one line per branch.
 */
function validationFields(context: string | undefined, issues: ValidationIssue[]) {
  const where = context === 'querystring' ? 'query' : (context ?? 'body');
  const byField = new Map<string, { messages: string[]; allowed: unknown[] }>();
  for (const v of issues) {
    // An if/then schema reports the then branch's own error (the missing field) and "must match
    // then" for the whole object; the first names the field.
    if (v.keyword === 'if') continue;
    const path = v.instancePath.replace(/^\//, '');
    const leaf = v.params?.missingProperty ?? v.params?.additionalProperty;
    const field = [where, path, leaf].filter(Boolean).join('/');
    const entry = byField.get(field) ?? { messages: [], allowed: [] };
    if (v.keyword === 'const') entry.allowed.push(v.params?.allowedValue);
    else if (v.keyword === 'enum') entry.allowed.push(...(v.params?.allowedValues ?? []));
    else if (v.keyword !== 'anyOf' && v.message && !entry.messages.includes(v.message)) entry.messages.push(v.message);
    byField.set(field, entry);
  }
  return [...byField].map(([field, { messages, allowed }]) => ({
    field,
    message: [...(allowed.length ? [`must be one of: ${allowed.join(', ')}`] : []), ...messages].join('; ') || 'is invalid',
  }));
}

/**
 * Query strings and headers arrive as text, so their validator coerces ("42" → 42); JSON bodies are
 * validated as sent, so `{"username": 1}` is a type error rather than the string "1".
 */
function validatorCompilers() {
  const make = (coerceTypes: false | 'array') => {
    const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: true, strict: false });
    addFormats(ajv);
    return ajv;
  };
  const coercing = make('array');
  const strict = make(false);
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) =>
    (httpPart === 'body' ? strict : coercing).compile(schema);
}

/** Requests that act on a world: the gateway API, the control API, images and the demo pages. */
function isWorldPath(url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p));
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 8 * 1024 * 1024,
    // Errors Fastify meets before routing (a malformed %-escape in the path) get the envelope too.
    frameworkErrors: (error, _request, rawReply) => {
      // The generic reply type of this early hook knows no status codes; it is an ordinary reply.
      const reply = rawReply as unknown as FastifyReply;
      void reply
        .status(400)
        .send({ success: false, errorCode: ErrorCode.requestParam, message: error.message, value: { fields: [{ field: 'url', message: error.message }] } });
    },
  });
  app.setValidatorCompiler(validatorCompilers());
  const routeMethods = trackRouteMethods(app);

  if (options.brand) checkBrand(options.brand);
  // --state DIR (ADR 010): every world and the RSA key are kept there; a second process is refused.
  const state = options.stateDir ? openStateDir(options.stateDir) : undefined;
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
  app.decorate('sim', { getter: () => worlds.get(DEFAULT_WORLD) });
  app.decorateRequest('simSession', null);
  app.decorateRequest('simAccount', null);
  app.decorateRequest('sim', null as unknown as Sim);
  app.decorateRequest('worldName', DEFAULT_WORLD);

  await app.register(cookie);

  // Which world a request acts on, first of all (issue 13): the X-Sim-World header, else the
  // sim_world cookie, else default. A world with a request in flight is never unloaded.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      const header = request.headers[WORLD_HEADER];
      const cookieName = request.cookies[WORLD_COOKIE];
      const name =
        header !== undefined
          ? checkWorldName(Array.isArray(header) ? (header[0] ?? '') : header, 'headers/x-sim-world')
          : cookieName !== undefined && isWorldPath(request.url)
            ? checkWorldName(cookieName, `cookies/${WORLD_COOKIE}`)
            : DEFAULT_WORLD;
      const { sim, leave } = worlds.enter(name);
      request.sim = sim;
      request.worldName = name;
      leaving.set(request, leave);
      done();
    } catch (err) {
      request.sim = worlds.get(DEFAULT_WORLD);
      done(err as Error);
    }
  });
  const leaving = new WeakMap<object, () => void>();
  const leave = (request: object) => {
    leaving.get(request)?.();
    leaving.delete(request);
  };
  app.addHook('onResponse', (request, _reply, done) => {
    leave(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    leave(request);
    done();
  });
  // After the world is known: every request that may have changed its world commits it first.
  if (state) {
    installDurability(app, { persistence: state.persistence, worldOf: (request) => ({ name: request.worldName, sim: request.sim }) });
    app.addHook('onClose', (_app, done) => {
      try {
        worlds.saveAll();
      } catch (err) {
        console.error(err instanceof Error ? err.message : err);
      }
      state.close();
      done();
    });
  }
  contentTypes(app);
  await app.register(securityHeaders, { webDist: options.webDist });
  // gzip or brotli (quality 4, the plugin's default) for the web app's files and every JSON reply
  // over 1 KB, when the client asks for it: the initial JavaScript goes over the wire at about a
  // third of its size (issue 7 item 2).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: ValidationIssue[]; validationContext?: string; code?: string }, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.statusCode).send(error.toEnvelope());
    if (error.validation) {
      const mobile = mobileRefusal(error.validationContext, error.validation, request);
      if (mobile) return reply.status(mobile.statusCode).send(mobile.toEnvelope());
      const fields = validationFields(error.validationContext, error.validation);
      return reply.status(400).send({
        success: false,
        errorCode: ErrorCode.requestParam,
        message: fields.map((f) => `${f.field} ${f.message}`).join('; '),
        value: { fields },
      });
    }
    const status = error.statusCode ?? 500;
    // A body of a type the operation does not take is 415 (issue 12 item 3); one over the size
    // limit is a bad request (design.md).
    if (status === 415) {
      return reply.status(415).send(unsupportedMediaTypeEnvelope(request));
    }
    if (status === 413) {
      return reply.status(400).send({ success: false, errorCode: ErrorCode.requestParam, message: error.message, value: { fields: [{ field: 'body', message: error.message }] } });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, errorCode: ErrorCode.requestParam, message: error.message });
    }
    request.log.error(error);
    return reply.status(500).send({ success: false, errorCode: ErrorCode.unknown, message: 'Unknown error' });
  });

  // The simulator keeps no timers: salary periods that have ended are paid when the next call comes
  // in, before it reads or moves any money (server/sim/agent/salary.ts settleSalaries; a no-op until due).
  // Hooks on every request are synchronous (done callbacks): an async hook costs a promise and a
  // microtask turn per request (docs/benchmarks.md).
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      // Expired sessions, guests, SMS codes, locks, captchas and tickets go as the world's clock
      // moves (bounded memory, issue 13): at most once a simulated minute, cheap otherwise.
      request.sim.tick();
      settleSalaries(request.sim);
      done();
    } catch (err) {
      done(err as Error);
    }
  });

  // Images follow the live world, so a scenario's brand name shows on its logo and banners.
  // "Infinity" and "1e309" pass a JSON Schema integer check once coerced from a query string; no
  // call means them, and the serialiser cannot write them back.
  app.addHook('preHandler', (request, _reply, done) => {
    for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
      if (typeof value === 'number' && !Number.isFinite(value)) {
        done(
          new ApiError(400, ErrorCode.requestParam, `query/${key} must be a finite number`, {
            fields: [{ field: `query/${key}`, message: 'must be a finite number' }],
          }),
        );
        return;
      }
    }
    done();
  });

  // Replay mode: recorded calls answer from the recording before their handler runs.
  installReplay(app, typeof options.replay === 'string' ? new ReplaySet(options.replay) : (options.replay ?? null));

  await app.register(assetRoutes, {
    source: (request) => {
      const w = request.sim.world;
      return { brandName: w.brand.brandName, vendors: w.vendors, games: w.games, banners: w.banners, promotions: w.promotions, countries: w.countries };
    },
  });
  await app.register(sessionRoutes);
  await app.register(verificationRoutes);
  await app.register(systemRoutes);
  await app.register(memberRoutes);
  await app.register(walletRoutes);
  await app.register(gamesRoutes);
  await app.register(lotteryRoutes);
  await app.register(pointsRoutes);
  await app.register(promotionsRoutes);
  await app.register(messagesRoutes);
  await app.register(agentRoutes);
  await app.register(demoGameRoutes);
  if (options.controlApi) {
    installJournal(app);
    installFaultHook(app);
    await app.register(controlRoutes, { prefix: '/__sim' });
  }

  const dist = options.webDist;
  const indexHtml = dist && existsSync(join(dist, 'index.html')) ? readFileSync(join(dist, 'index.html'), 'utf8') : null;
  if (dist && indexHtml) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // As docs/deploy.md and gateway mode: hashed bundle files never change; everything else
      // (config.json, favicon) is revalidated.
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.startsWith(join(dist, 'static') + sep) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // Public routes answer their first screen pre-rendered when it is for this visitor (ADR 026).
  const prerendered = dist && indexHtml ? installPrerendered(app, { webDist: dist, indexHtml, isNormal: () => app.sim.systemStatus === 0, log: (m) => app.log.warn(m) }) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (sendMethodNotAllowed(routeMethods, request, reply, path)) return reply;
    if (indexHtml && request.method === 'GET' && !API_PREFIXES.some((p) => path.startsWith(p))) {
      // `?world=NAME` on any page: this browser joins that world (issue 13); every call of the app
      // then carries the cookie.
      const world = (request.query as Record<string, unknown> | undefined)?.world;
      if (typeof world === 'string') {
        checkWorldName(world, 'query/world');
        reply.setCookie(WORLD_COOKIE, world, { path: '/', sameSite: 'lax' });
      }
      // History mode: every app route answers the SPA shell, revalidated on every visit so a new
      // build is picked up at once.
      const page = await prerendered?.documentFor(request);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'cookie').send(page ?? indexHtml);
    }
    return reply
      .status(404)
      .send({ success: false, errorCode: ErrorCode.notFound, message: `No route ${request.method} ${path}` });
  });

  return app;
}
