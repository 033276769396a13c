/**
 * The one route table of the portal (history mode, docs/decisions/016-route-table.md): each route's
 * path and `handle` (session/route-handle.ts), which carries the layout, the section (a chunk of its
 * own) and the login-free flag. The router (routes.tsx, which turns each route into its section's
 * element), the layout table (layout-table.ts), the section table (section-table.ts, read by
 * scripts/bench/route-js.ts) and the login-before-home guard all read this table. Plain data and
 * dynamic imports only: Node (the bundle benchmark, Playwright specs) imports it without loading a
 * component.
 */
import { createElement, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { CATEGORY_PATHS, type RedirectPath, type RoutePath } from '../config/paths';
import type { CatalogueName } from '../i18n';
import { RedirectWithQuery } from './redirect-with-query';
import type { RouteHandle, RouteLayout } from '../session/route-handle';

export const SECTION_NAMES = [
  'index',
  'egame',
  'byIframe',
  'seamless',
  'lottery',
  'vnlottery',
  'elott',
  'pointMall',
  'promo',
  'promoDetail',
  'download',
  'help',
  'helpmc',
  'register',
  'notFound',
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** Section chunks by name (app/sections/<name>.ts, each its own chunk section-<name>-….js). */
const loaders = {
  index: () => import('./sections/index'),
  egame: () => import('./sections/egame'),
  byIframe: () => import('./sections/byIframe'),
  seamless: () => import('./sections/seamless'),
  lottery: () => import('./sections/lottery'),
  vnlottery: () => import('./sections/vnlottery'),
  elott: () => import('./sections/elott'),
  pointMall: () => import('./sections/pointMall'),
  promo: () => import('./sections/promo'),
  promoDetail: () => import('./sections/promoDetail'),
  download: () => import('./sections/download'),
  help: () => import('./sections/help'),
  helpmc: () => import('./sections/helpmc'),
  register: () => import('./sections/register'),
  notFound: () => import('./sections/notFound'),
} satisfies Record<SectionName, () => Promise<{ default: ComponentType }>>;

/**
 * The catalogue namespaces each section shows beyond the shell's (i18n SHELL_NAMESPACES): they load
 * beside the section's chunk (docs/decisions/033-initial-javascript.md); app/catalogue-namespaces.test.ts
 * checks the list against the section's code.
 */
export const SECTION_NAMESPACES: Readonly<Record<SectionName, readonly CatalogueName[]>> = {
  index: ['auth', 'games', 'home'],
  egame: ['auth', 'games'],
  byIframe: ['auth', 'games'],
  seamless: ['auth', 'games'],
  lottery: ['auth', 'lottery'],
  vnlottery: ['lottery'],
  elott: ['auth', 'games', 'lottery'],
  pointMall: ['auth', 'pointMall'],
  promo: ['auth', 'promotions'],
  promoDetail: ['auth', 'promotions'],
  download: ['download'],
  help: ['help'],
  helpmc: ['help'],
  register: ['auth', 'register'],
  notFound: [],
};

/**
 * Start (or join) the download of a section's chunk and of its namespaces; the browser's module map
 * keeps the chunk once. i18n is imported on demand so that Node (the bundle benchmark) reads this
 * table without it; in the browser it is already in the entry chunk.
 */
export async function loadSection(name: SectionName): Promise<{ default: ComponentType }> {
  const [module] = await Promise.all([loaders[name](), import('../i18n').then((i18n) => i18n.loadNamespaces(SECTION_NAMESPACES[name]))]);
  return module;
}

export interface AppRouteHandle extends RouteHandle {
  section: SectionName;
}

/** A route of the table: its path, matched exactly, and its handle. */
export interface AppRoute {
  path: string;
  caseSensitive: true;
  handle: AppRouteHandle;
}

function route(path: RoutePath | '*', section: SectionName, layout: RouteLayout, extra: Partial<Omit<AppRouteHandle, 'layout' | 'section'>> = {}): AppRoute {
  return {
    path,
    // The portal's paths are camelCase (/pointMall, /promoDetail), as the gateway's links write them: matched exactly.
    caseSensitive: true,
    handle: { layout, section, loginFree: false, ...extra },
  };
}

const home: RouteLayout = { header: true, banner: 'w_hot', footer: true, sideMenu: true };
const category: RouteLayout = { header: true, banner: 'w_hot', footer: true, sideMenu: true };
const registerLayout: RouteLayout = { header: true, banner: 'w_reg', footer: false, sideMenu: false };

/** Unknown paths: the 404 page inside the usual shell. */
export const NOT_FOUND_LAYOUT: RouteLayout = { header: true, banner: null, footer: true, sideMenu: true };

/** Game category routes (/rng, /pvp, /live, /fish, /sports, /esports, /inhouse). */
export const CATEGORY_ROUTES = CATEGORY_PATHS;

/** Every route of the portal, in the product's order; unknown paths fall to NOT_FOUND_ROUTE. */
export const ROUTES: readonly AppRoute[] = [
  route('/', 'index', home),
  route('/index', 'index', home),
  route('/index.html', 'index', home),
  route('/home', 'index', home),
  // The login-before-home guard's target: the home page with the login modal open.
  route('/login', 'index', home, { loginFree: true, opens: 'login' }),
  route('/register', 'register', registerLayout, { loginFree: true }),
  route('/register.html', 'register', registerLayout, { loginFree: true }),
  route('/pointMall', 'pointMall', { header: true, banner: 'w_shop', footer: true, sideMenu: false }),
  route('/lottery', 'lottery', { header: true, banner: null, footer: false, sideMenu: false }),
  route('/vnlottery', 'vnlottery', { header: true, banner: null, footer: false, sideMenu: true, barsByFlag: true }),
  route('/elott', 'elott', { header: true, banner: 'w_hot', footer: true, sideMenu: true }),
  ...CATEGORY_ROUTES.map((path) => route(path, 'egame', category)),
  route('/promotions', 'promo', { header: true, banner: 'w_promotion', footer: true, sideMenu: true }),
  route('/promoDetail', 'promoDetail', { header: true, banner: null, footer: true, sideMenu: true }),
  route('/seamless', 'seamless', { header: true, banner: null, footer: false, sideMenu: true, barsByFlag: true }),
  route('/helpmc', 'helpmc', { header: false, banner: null, footer: false, sideMenu: false }, { loginFree: true }),
  route('/help', 'help', { header: true, banner: 'w_help', footer: true, sideMenu: true }),
  route('/down', 'download', { header: true, banner: 'w_down', footer: true, sideMenu: true }, { loginFree: true }),
  route('/game', 'byIframe', { header: true, banner: null, footer: false, sideMenu: false }),
];

/** Any other path: the 404 page. */
export const NOT_FOUND_ROUTE: AppRoute = route('*', 'notFound', NOT_FOUND_LAYOUT);

/** The route a path shows, as the router matches it (a trailing slash ignored), or undefined. */
export function routeOf(pathname: string): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES.find((r) => r.path === path);
}

/**
 * Addresses that are not pages of their own but lead to one: the login gate's exempt
 * list names `/download`, and the download page is `/down`. Not in the layout, section or
 * login-free tables: the redirect happens before the guard looks.
 */
export const REDIRECT_TARGETS: Readonly<Record<string, RoutePath>> = { '/download': '/down' } satisfies Record<RedirectPath, RoutePath>;

/** The redirect routes of REDIRECT_TARGETS; the query string is kept. */
export const REDIRECTS: readonly RouteObject[] = Object.entries(REDIRECT_TARGETS).map(([path, to]) => ({
  path,
  caseSensitive: true,
  element: createElement(RedirectWithQuery, { to }),
}));
