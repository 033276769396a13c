/**
 * Pre-rendered first screens (docs/decisions/026-first-screen-in-the-html.md): the web app's
 * public routes rendered with the app's own components (web/src/prerender/, built into
 * web/dist-ssr/ beside the app), in a worker thread, from this server's own public data, and
 * answered in place of the plain index.html when the page is for the visitor:
 *
 * - only the public routes (web/src/prerender/paths.ts), asked for with no query string (a URL token,
 *   `?world=`, … get the plain shell);
 * - only the default world: a request naming a sandbox world (the sim_world cookie, X-Sim-World)
 *   gets the plain shell, so no world ever sees another's data;
 * - only while the site is normal (system status 0): maintenance and IP restriction get the plain
 *   shell and the app renders their pages as before;
 * - in the visitor's language: the `hisLang` cookie the app mirrors from localStorage, else the
 *   language the app starts in (English when offered, else the brand's default).
 *
 * A signed-in player (a session token in sessionStorage, which no server sees) is turned to the boot
 * screen by index.html's inline script, and the app renders from scratch as before.
 *
 * Pages are rendered when the server starts listening (the first language's routes) and on first
 * request (others; the request waits a moment for its page, else gets the plain shell); a page older
 * than `maxAgeMs` is served once more while it is rendered again, and any write of the QA control
 * API to the default world drops every page at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRERENDER_PATHS } from '../web/src/prerender/paths';
import { routedPath } from './request-path';
import { DEFAULT_WORLD, WORLD_COOKIE, WORLD_HEADER } from './sim/worlds';

/** Mirrors the app's `hisLang` (web/src/i18n/index.ts LANGUAGE_COOKIE). */
const LANGUAGE_COOKIE = 'hisLang';
/** At most this many distinct Host headers get pages of their own (the permission call is per host). */
const MAX_HOSTS = 8;

export interface PrerenderOptions {
  /** The built web app (its index.html is the page's frame). */
  webDist: string;
  indexHtml: string;
  /** The Node build of the pre-render step; default `<webDist>/../dist-ssr`. */
  serverBundleDir?: string;
  /** Whether the site is in its normal state now (the simulator's default world); default always. */
  isNormal?: () => boolean;
  /** The runtime config the pages are rendered with; default the build's config.json. */
  config?: RuntimeConfig;
  /** Pages older than this are rendered again (default 30 s, the app's default data freshness). */
  maxAgeMs?: number;
  /** How long a request waits for its page before it gets the plain shell (default 2.5 s). */
  waitMs?: number;
  log?: (message: string) => void;
}

interface RuntimeConfig {
  merchant: string;
  gatewayUrl: string;
  brand: string;
}

/** The build's runtime config as the app reads it (web/src/app/runtime-config.ts, same defaults). */
export function runtimeConfigOf(webDist: string): RuntimeConfig {
  const fallback: RuntimeConfig = { merchant: 'DEMO', gatewayUrl: '', brand: 'Lucky Lotus' };
  try {
    const raw = JSON.parse(readFileSync(join(webDist, 'config.json'), 'utf8')) as Partial<Record<keyof RuntimeConfig, unknown>>;
    return {
      merchant: typeof raw.merchant === 'string' && raw.merchant ? raw.merchant : fallback.merchant,
      gatewayUrl: typeof raw.gatewayUrl === 'string' ? raw.gatewayUrl : fallback.gatewayUrl,
      brand: typeof raw.brand === 'string' && raw.brand ? raw.brand : fallback.brand,
    };
  } catch {
    return fallback;
  }
}

interface BrandLanguages {
  offered: string[];
  initial: string;
}

type RenderAnswer = { kind: 'page'; document: string } | { kind: 'none'; reason: string };

interface Page {
  document: string | null;
  renderedAt: number;
  rendering: Promise<void> | null;
}

export class PrerenderedPages {
  readonly #options: Required<Omit<PrerenderOptions, 'serverBundleDir' | 'log'>> & { log: (message: string) => void };
  readonly #workerFile: string;
  #worker: Worker | null = null;
  #failed = false;
  #nextId = 0;
  #calls = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  #apiOrigin: string | null = null;
  #generation = 0;
  #languages = new Map<string, { at: number; value: Promise<BrandLanguages | null> }>();
  #pages = new Map<string, Page>();

  constructor(options: PrerenderOptions) {
    this.#options = {
      isNormal: () => true,
      maxAgeMs: 30_000,
      waitMs: 2_500,
      log: () => {},
      ...options,
      config: options.config ?? runtimeConfigOf(options.webDist),
    };
    this.#workerFile = join(options.serverBundleDir ?? join(options.webDist, '..', 'dist-ssr'), 'worker.js');
  }

  /** Whether the Node build of the pre-render step is there. */
  get available(): boolean {
    return !this.#failed && existsSync(this.#workerFile);
  }

  /** Start rendering from the server at `apiOrigin`: the languages of `pageOrigin`'s host, then its pages in the first language. */
  start(apiOrigin: string, pageOrigin: string): void {
    this.#apiOrigin = apiOrigin;
    if (!this.available) return;
    void this.#languagesOf(pageOrigin).then(async (languages) => {
      if (!languages) return;
      for (const path of PRERENDER_PATHS) await this.#page(pageOrigin, languages.initial, path).rendering;
    });
  }

  /** Every page and language list is dropped (the public data changed). */
  invalidate(): void {
    this.#generation++;
    this.#pages.clear();
    this.#languages.clear();
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }

  /** The pre-rendered document for this request, or null for the plain shell. */
  async documentFor(request: FastifyRequest): Promise<string | null> {
    if (!this.#apiOrigin || !this.available || request.method !== 'GET') return null;
    const [path, query] = request.url.split('?', 2);
    if (query !== undefined || !path || !PRERENDER_PATHS.includes(path)) return null;
    const world = request.cookies[WORLD_COOKIE];
    if (request.headers[WORLD_HEADER] !== undefined || (world !== undefined && world !== DEFAULT_WORLD)) return null;
    if (!this.#options.isNormal()) return null;
    const pageOrigin = `${request.protocol}://${request.host}`;
    if (!this.#languages.has(pageOrigin) && this.#languages.size >= MAX_HOSTS) return null;
    const languages = await this.#within(this.#languagesOf(pageOrigin));
    if (!languages) return null;
    const saved = request.cookies[LANGUAGE_COOKIE]?.toUpperCase();
    const language = saved && languages.offered.includes(saved) ? saved : languages.initial;
    const page = this.#page(pageOrigin, language, path);
    if (page.document === null && page.rendering) await this.#within(page.rendering);
    // The status may have changed while the page was rendered.
    return this.#options.isNormal() ? page.document : null;
  }

  /** `promise`, or undefined when it takes longer than a request may wait. */
  async #within<T>(promise: Promise<T>): Promise<T | undefined> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.#options.waitMs);
    });
    try {
      return await Promise.race([promise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  #languagesOf(pageOrigin: string): Promise<BrandLanguages | null> {
    const known = this.#languages.get(pageOrigin);
    if (known && Date.now() - known.at < this.#options.maxAgeMs) return known.value;
    const value = this.#call('languages', { apiOrigin: this.#apiOrigin, pageOrigin, config: this.#options.config }).then(
      (answer) => answer as BrandLanguages | null,
      (err: unknown) => {
        this.#options.log(`pre-render: the brand's languages could not be read: ${(err as Error).message}`);
        return null;
      },
    );
    // Read again after maxAgeMs (a failed read too).
    this.#languages.set(pageOrigin, { at: Date.now(), value });
    return value;
  }

  /** The page for this key, rendering it when it is missing or stale (a stale one stays until the new one is in). */
  #page(pageOrigin: string, language: string, path: string): Page {
    const key = `${pageOrigin}|${language}|${path}`;
    let page = this.#pages.get(key);
    if (page && (page.rendering || Date.now() - page.renderedAt < this.#options.maxAgeMs)) return page;
    page ??= { document: null, renderedAt: 0, rendering: null };
    this.#pages.set(key, page);
    const generation = this.#generation;
    const target = page;
    target.rendering = this.#call('render', { apiOrigin: this.#apiOrigin, pageOrigin, path, language, config: this.#options.config }, this.#options.indexHtml)
      .then(
        (answer) => {
          if (generation !== this.#generation) return;
          const result = answer as RenderAnswer;
          target.document = result.kind === 'page' ? result.document : null;
          target.renderedAt = Date.now();
        },
        (err: unknown) => {
          this.#options.log(`pre-render of ${path} (${language}) failed: ${(err as Error).message}`);
          target.document = null;
          target.renderedAt = Date.now();
        },
      )
      .finally(() => {
        target.rendering = null;
      });
    return page;
  }

  #call(kind: 'languages' | 'render', input: unknown, indexHtml?: string): Promise<unknown> {
    const webDist = this.#options.webDist;
    const worker = this.#ensureWorker();
    if (!worker) return Promise.reject(new Error('the pre-render worker is not running'));
    const id = ++this.#nextId;
    return new Promise((resolve, reject) => {
      this.#calls.set(id, { resolve, reject });
      worker.postMessage({ id, kind, input, indexHtml, webDist });
    });
  }

  #ensureWorker(): Worker | null {
    if (this.#worker) return this.#worker;
    if (!this.available) return null;
    // React's production build: the development one checks and warns on every element, several
    // times the render's cost, and its warnings would reach no one here.
    const worker = new Worker(this.#workerFile, { env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' } });
    // Never keeps the process alive by itself.
    worker.unref();
    worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const call = this.#calls.get(message.id);
      this.#calls.delete(message.id);
      if (message.error !== undefined) call?.reject(new Error(message.error));
      else call?.resolve(message.result);
    });
    const fail = (err: Error) => {
      this.#options.log(`pre-render worker stopped: ${err.message}; pages are served plain`);
      this.#failed = true;
      this.#worker = null;
      for (const call of this.#calls.values()) call.reject(err);
      this.#calls.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.#worker === worker) fail(new Error(`exit code ${code}`));
    });
    this.#worker = worker;
    return worker;
  }
}

/**
 * Pre-rendered pages for an app serving `webDist`: started once the server listens, dropped when
 * the QA control API writes to the default world, stopped with the server. Returns what the SPA
 * fallback asks for each page request (null: the plain shell), or null when the build has no
 * pre-render step.
 */
export function installPrerendered(app: FastifyInstance, options: PrerenderOptions): PrerenderedPages | null {
  const pages = new PrerenderedPages(options);
  if (!pages.available) return null;
  app.addHook('onListen', (done) => {
    const address = app.server.address();
    if (address && typeof address === 'object') {
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const apiHost = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : host;
      pages.start(`http://${apiHost}:${address.port}`, `http://localhost:${address.port}`);
    }
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && routedPath(request.url).startsWith('/__sim') && request.worldName === DEFAULT_WORLD) pages.invalidate();
    done();
  });
  app.addHook('onClose', (_app, done) => void pages.close().then(() => done(), done));
  return pages;
}
