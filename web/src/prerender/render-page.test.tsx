/**
 * The pre-render step (ADR 026): the app's own components rendered in Node from a running
 * simulator's public data, put into the built index.html, with the stylesheets the page needs.
 */
import './node-globals';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { NOT_FOUND_ROUTE, routeOf } from '../app/route-table';
import { PRERENDER_PATHS } from './paths';
import { assembleDocument, renderPage, selectorClasses, stylesheetsFor, type RenderInput } from './render-page';
import { STATE_ELEMENT_ID, type PrerenderedState } from './state';

let app: FastifyInstance;
let input: Omit<RenderInput, 'path' | 'language'>;

beforeAll(async () => {
  app = await buildApp({ controlApi: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  input = { apiOrigin: `http://127.0.0.1:${port}`, pageOrigin: `http://localhost:${port}`, config: { merchant: 'DEMO', gatewayUrl: '', brand: 'Lucky Lotus' } };
});

afterAll(async () => {
  await app.close();
});

/** The built index.html's frame (web/build/boot-shell.ts puts the stylesheet at the end of the body). */
const INDEX = [
  '<!doctype html>',
  '<html lang="en" dir="ltr" data-theme="light">',
  '<head><title>Lucky Lotus</title>',
  '<!-- config --><link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />',
  '<script type="module" crossorigin src="/static/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/static/react-1.js">',
  '</head>',
  '<body>',
  '<div id="root"><div class="boot" role="status" aria-label="Loading"><svg class="boot__mark"></svg><div class="boot__ring"></div></div></div>',
  '<link rel="stylesheet" crossorigin href="/static/index-1.css">',
  '</body></html>',
].join('\n');

describe('the public routes', () => {
  it('are routes of the route table', () => {
    for (const path of PRERENDER_PATHS) expect(routeOf(path), path).not.toBe(NOT_FOUND_ROUTE);
    for (const path of PRERENDER_PATHS) expect(routeOf(path)?.path, path).toBe(path);
  });
});

describe('renderPage', () => {
  it('renders the home page with its banner and first games, and the data it used', async () => {
    const page = await renderPage({ ...input, path: '/', language: 'EN' });
    if (page.kind !== 'page') throw new Error(page.reason);
    const banners = app.sim.world.banners.filter((b) => b.groupName === 'w_hot');
    expect(banners.length).toBeGreaterThan(0);
    expect(page.html).toContain(`src="${banners[0]?.url}`);
    expect(page.html).toMatch(/class="[^"]*gx-card/);
    expect(page.dir).toBe('ltr');
    const keys = page.state.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain(JSON.stringify(['system', 'status']));
    expect(keys).toContain(JSON.stringify(['system', 'permission']));
    expect(page.state.queries.queries.every((q) => q.state.status === 'success')).toBe(true);
  });

  it('renders Urdu right to left, in Urdu', async () => {
    const page = await renderPage({ ...input, path: '/rng', language: 'UR' });
    if (page.kind !== 'page') throw new Error(page.reason);
    expect(page.dir).toBe('rtl');
    expect(page.htmlLang).toBe('ur');
    expect(page.state.language).toBe('UR');
    expect(page.html).toContain('ہوم');
  });

  it('renders nothing in maintenance or in a language the brand does not offer', async () => {
    expect(await renderPage({ ...input, path: '/', language: 'TH' })).toMatchObject({ kind: 'none' });
    await app.inject({ method: 'POST', url: '/__sim/status', payload: { status: 'maintenance' } });
    try {
      expect(await renderPage({ ...input, path: '/', language: 'EN' })).toMatchObject({ kind: 'none', reason: 'the system status is 1' });
    } finally {
      await app.inject({ method: 'POST', url: '/__sim/status', payload: { status: 'normal' } });
    }
  });
});

describe('assembleDocument', () => {
  const state: PrerenderedState = { language: 'UR', path: '/', config: input?.config ?? { merchant: 'DEMO', gatewayUrl: '', brand: 'x' }, loaderData: {}, queries: { mutations: [], queries: [] } };
  const page = {
    kind: 'page' as const,
    html: '<link rel="preload" as="image" href="/assets/banner/1.svg"/><div class="shell">ہوم</div>',
    title: 'Lotus & </title>',
    htmlLang: 'ur',
    dir: 'rtl' as const,
    state: { ...state, loaderData: { x: '</script><script>alert(1)</script>' } },
  };
  const html = assembleDocument(INDEX, page, ['/static/sections-2.css']);

  it('sets the language, direction and title, and puts the page in #root beside the boot screen', () => {
    expect(html).toContain('<html lang="ur" dir="rtl" data-prerendered="UR" data-theme="light">');
    expect(html).toContain('<title>Lotus &amp; &lt;/title&gt;</title>');
    expect(html).toMatch(/<div class="boot"[^]*<\/div><div id="root"><div class="shell">ہوم<\/div><\/div><script type="application\/json" id="prerendered-state">/);
  });

  it('moves every stylesheet and the hoisted preloads into the head, and drops the config preload', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/static/index-1.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/static/sections-2.css">');
    expect(head).toContain('<link rel="preload" as="image" href="/assets/banner/1.svg"/>');
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(2);
    expect(html).not.toContain('/config.json');
  });

  it('fetches the entry module and its preloaded chunks at low priority, the page painting without them', () => {
    expect(html).toContain('<script fetchpriority="low" type="module" crossorigin src="/static/index-1.js"></script>');
    expect(html).toContain('<link fetchpriority="low" rel="modulepreload" crossorigin href="/static/react-1.js">');
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
    // The stylesheets and the banner's preload, which the first paint waits for, keep their priority.
    expect(html).toContain('<link rel="preload" as="image" href="/assets/banner/1.svg"/>');
    expect(assembleDocument(INDEX.replace('<script type="module"', '<script type="module" fetchpriority="high"'), page)).toContain(
      '<script type="module" fetchpriority="high" crossorigin src="/static/index-1.js">',
    );
  });

  it('embeds the state so that no text of it can end the script element', () => {
    expect(html).not.toContain('</script><script>alert');
    const json = /<script type="application\/json" id="prerendered-state">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? 'null')).toEqual(page.state);
    expect(STATE_ELEMENT_ID).toBe('prerendered-state');
  });

  it('refuses an index.html without the boot screen in #root', () => {
    expect(() => assembleDocument('<div id="root"></div>', page)).toThrow(/boot screen/);
  });
});

describe('stylesheetsFor', () => {
  const sheets = new Map([
    ['/static/home.css', selectorClasses('.hx-home{margin:0}@media (max-width: 767px){.hx-home .hx-cats{gap:4px}}')],
    ['/static/member.css', selectorClasses('/* .hx-home */ .mc-panel .btn{color:red}.mc-panel{padding:0}')],
    ['/static/elements.css', selectorClasses('body{margin:0}')],
  ]);

  it('takes the sheets with a selector whose classes the page all uses', () => {
    expect(stylesheetsFor('<div class="hx-home"><a class="btn">x</a></div>', sheets)).toEqual(['/static/home.css']);
    expect(stylesheetsFor('<div class="mc-panel x">', sheets)).toEqual(['/static/member.css']);
    expect(stylesheetsFor('<p class="btn">', sheets)).toEqual([]);
  });
});
