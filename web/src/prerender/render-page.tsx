/**
 * The pre-render step (docs/decisions/026-first-screen-in-the-html.md), run in Node from the server
 * build of this file (web/dist-ssr/render-page.js): renders a public route's first screen in one
 * language with the app's own components, from the public data of a running simulator or gateway,
 * and puts it into the built index.html with the data it used, for the app to hydrate over.
 *
 * The render repeats until it settles: each pass builds the queries the components ask for (React
 * Query keeps them in its cache, pending); they are fetched, and the next pass renders with their
 * data, until a pass asks for nothing new. Lazy components resolve between passes the same way.
 */
import './node-globals';
import { dehydrate, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { configureApi } from '../api/client';
import { vendorsQuery } from '../api/queries/games';
import { permissionQuery, systemStatusQuery } from '../api/queries/system';
import { queryClient } from '../app/query-client';
import { Root } from '../app/root';
import { AppRoutes, openRouteModal, prepareFirstRender } from '../app/routes';
import type { RuntimeConfig } from '../app/runtime-config';
import { i18n, initI18n, loadAllNamespaces, offeredLanguages } from '../i18n';
import { DEFAULT_LANGUAGE, languageByCode } from '../i18n/languages';
import { ui } from '../session/ui-store';
import { clearStorage, setApiOrigin, setLocation } from './node-globals';
import { PRERENDERED_ATTRIBUTE, STATE_ELEMENT_ID, serializeState, type PrerenderedState } from './state';

export { PRERENDER_PATHS } from './paths';

/** At most this many render passes for one page (each pass may reveal queries of the next level). */
const MAX_PASSES = 6;

export interface RenderInput {
  /** Origin the same-origin API calls go to (the local server). */
  apiOrigin: string;
  /** Origin of the page as players open it (its host goes to the permission call). */
  pageOrigin: string;
  path: string;
  /** Gateway language code (EN, UR, …). */
  language: string;
  config: RuntimeConfig;
}

export type RenderResult =
  | { kind: 'page'; html: string; state: PrerenderedState; title: string; htmlLang: string; dir: 'ltr' | 'rtl' }
  /** Nothing to pre-render: the site is not in its normal state, or the language is not offered, … */
  | { kind: 'none'; reason: string };

/** What a brand's pages are rendered in: its offered languages, and which one a new visitor gets. */
export interface BrandLanguages {
  offered: string[];
  /** The language of a visitor with none saved: English when offered (the app starts in it), else the brand's default. */
  initial: string;
}

let i18nReady: Promise<void> | undefined;

async function prepare(input: Pick<RenderInput, 'apiOrigin' | 'pageOrigin' | 'path' | 'config'>, code: string): Promise<void> {
  clearStorage();
  setApiOrigin(input.apiOrigin);
  setLocation(new URL(input.path, input.pageOrigin).href);
  queryClient.clear();
  ui.reset();
  configureApi({ baseUrl: input.config.gatewayUrl, merchant: input.config.merchant, language: () => code });
  i18nReady ??= initI18n();
  await i18nReady;
}

/** The brand's languages, from the permission call (null when the site is not in its normal state). */
export async function brandLanguages(input: Pick<RenderInput, 'apiOrigin' | 'pageOrigin' | 'config'>): Promise<BrandLanguages | null> {
  await prepare({ ...input, path: '/' }, DEFAULT_LANGUAGE.code);
  const status = await queryClient.fetchQuery(systemStatusQuery).catch(() => null);
  if (status?.status !== 0) return null;
  const permission = await queryClient.fetchQuery(permissionQuery).catch(() => null);
  if (!permission) return null;
  const offered = offeredLanguages(permission.languages).map((l) => l.code);
  const fallback = languageByCode(permission.defaultLanguage)?.code;
  const initial = offered.includes(DEFAULT_LANGUAGE.code) ? DEFAULT_LANGUAGE.code : fallback && offered.includes(fallback) ? fallback : offered[0];
  return initial ? { offered, initial } : null;
}

function isEnabled(query: Query): boolean {
  // The observer's options (with `enabled`) are the ones the query was built with.
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

export async function renderPage(input: RenderInput): Promise<RenderResult> {
  const info = languageByCode(input.language) ?? DEFAULT_LANGUAGE;
  await prepare(input, info.code);
  await i18n.changeLanguage(info.lng);
  // Any screen may be rendered: every namespace. The browser loads the same ones with the chunks
  // that show them before it hydrates (docs/decisions/033-initial-javascript.md).
  await loadAllNamespaces();

  // As the bootstrap: status first of all; only the normal site is pre-rendered.
  const status = await queryClient.fetchQuery(systemStatusQuery).catch((err: unknown) => err as Error);
  if (status instanceof Error) return { kind: 'none', reason: `the system status call failed: ${status.message}` };
  if (status.status !== 0) return { kind: 'none', reason: `the system status is ${status.status}` };
  const permission = await queryClient.fetchQuery(permissionQuery).catch(() => null);
  if (!permission) return { kind: 'none', reason: 'the permission call failed' };
  if (!offeredLanguages(permission.languages).some((l) => l.code === info.code)) return { kind: 'none', reason: `${info.code} is not offered` };
  await queryClient.prefetchQuery(vendorsQuery);

  // As the browser does before its first render: the route's section loaded, its modal open.
  await prepareFirstRender(input.path);
  openRouteModal(input.path);
  const app = (
    <StrictMode>
      <Root
        router={() => (
          <StaticRouter location={input.path}>
            <AppRoutes />
          </StaticRouter>
        )}
      />
    </StrictMode>
  );

  let html = '';
  const fetched = new Set<string>();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = renderToString(app);
    const pending = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'pending' && !fetched.has(q.queryHash) && isEnabled(q));
    if (next === html && pending.length === 0) break;
    html = next;
    for (const q of pending) fetched.add(q.queryHash);
    await Promise.all(pending.map((q) => q.fetch().catch(() => undefined)));
    // Lazy components (section chunks, modals) resolve in a macrotask or two.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }

  return {
    kind: 'page',
    html,
    title: permission.brandName || input.config.brand,
    htmlLang: info.htmlLang,
    dir: info.dir,
    state: {
      language: info.code,
      path: input.path,
      config: input.config,
      loaderData: {},
      queries: dehydrate(queryClient),
    },
  };
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

const BOOT_IN_ROOT = /<div id="root">(<div class="boot"[\s\S]*?<div class="boot__ring"><\/div><\/div>)<\/div>/;
/** What React hoists to the front of a render (preloads of the logo and the first banner). */
const LEADING_LINKS = /^(?:<link\b[^>]*\/?>)+/;
const STYLESHEETS = /\s*<link rel="stylesheet"[^>]*>/g;
/**
 * The entry module and the chunks it preloads. A pre-rendered page paints from its HTML and
 * stylesheets alone, so these are fetched at low priority: on a slow connection they no longer share
 * the first round trips with the stylesheets and the first banner, which the first paint waits for.
 */
const MODULE_SCRIPTS = /<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g;
/** The app reads its config from the page's data instead (index.html preloads it for the plain shell). */
const CONFIG_PRELOAD = /\s*<!--[^>]*-->\s*<link rel="preload" href="\/config.json"[^>]*>|\s*<link rel="preload" href="\/config.json"[^>]*>/;

/**
 * The selectors of a piece of CSS, each as the class names it needs (`.a .b:hover` needs a and b);
 * selectors without a class are left out.
 */
export function selectorClasses(css: string): string[][] {
  const out: string[][] = [];
  for (const m of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{};]+)\{/g)) {
    const prelude = (m[1] ?? '').trim();
    if (prelude.startsWith('@')) continue;
    for (const selector of prelude.split(',')) {
      const classes = [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((c) => c[1] ?? '');
      if (classes.length) out.push(classes);
    }
  }
  return out;
}

/** The class names used in rendered HTML. */
export function classesUsed(html: string): Set<string> {
  const used = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of (m[1] ?? '').split(/\s+/)) if (name) used.add(name);
  return used;
}

/**
 * The lazy chunks' stylesheets a page needs: those with a selector whose classes the page all uses.
 * The app loads them with their chunks, after its script has run; a page that paints before that
 * needs them at once, or it would move when they arrive.
 */
export function stylesheetsFor(html: string, sheets: ReadonlyMap<string, readonly string[][]>): string[] {
  const used = classesUsed(html);
  return [...sheets].filter(([, selectors]) => selectors.some((classes) => classes.every((c) => used.has(c)))).map(([href]) => href);
}

/**
 * The built index.html with a rendered page: `<html lang dir>` and the title of its language and
 * brand, the page in `#root` followed by its data, the boot screen kept beside it (index.html's
 * inline script and style show it instead for a visitor the page is not for), and the preloads React
 * hoisted to the front of the render moved into `<head>`, with every stylesheet the page needs
 * (the app's, moved back from the end of the body, and the lazy chunks' of `chunkStylesheets`): the
 * page paints once, styled, and nothing moves when the chunks arrive.
 */
export function assembleDocument(indexHtml: string, page: Extract<RenderResult, { kind: 'page' }>, chunkStylesheets: readonly string[] = []): string {
  if (!BOOT_IN_ROOT.test(indexHtml)) throw new Error('index.html has no boot screen in #root to pre-render over');
  const links = LEADING_LINKS.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(links.length);
  const stylesheets = [...(indexHtml.match(STYLESHEETS) ?? []).map((l) => l.trim()), ...chunkStylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`)];
  return indexHtml
    .replace(STYLESHEETS, '')
    .replace(CONFIG_PRELOAD, '')
    .replace(MODULE_SCRIPTS, (tag) => (/\sfetchpriority=/.test(tag) ? tag : tag.replace(/^<(script|link)/, '$& fetchpriority="low"')))
    .replace(/<html\b[^>]*>/, (tag) => {
      const rest = tag.replace(/^<html/, '').replace(/>$/, '').replace(/\s(lang|dir|data-prerendered)="[^"]*"/g, '');
      return `<html lang="${escapeAttribute(page.htmlLang)}" dir="${page.dir}" ${PRERENDERED_ATTRIBUTE}="${escapeAttribute(page.state.language)}"${rest}>`;
    })
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace('</head>', () => `${stylesheets.map((l) => `  ${l}\n`).join('')}${links ? `  ${links}\n` : ''}  </head>`)
    .replace(BOOT_IN_ROOT, (_all, boot: string) => `${boot}<div id="root">${body}</div><script type="application/json" id="${STATE_ELEMENT_ID}">${serializeState(page.state)}</script>`);
}
