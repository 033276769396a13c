/**
 * Which lazy section (a chunk of its own, `app/sections/<name>.ts`) each path of the spec's route
 * table shows; unknown paths show notFound. Plain data, so the router (routes.tsx, which must agree
 * with it) and the bundle benchmark (scripts/bench/route-js.ts) read the same table.
 */
import { CATEGORY_ROUTES } from '../session/layout-table';

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

/** Path to section, the same table as AppRoutes in routes.tsx (unknown paths: notFound). */
export const SECTION_OF_PATH: Readonly<Record<string, SectionName>> = {
  '/': 'index',
  '/index': 'index',
  '/index.html': 'index',
  '/home': 'index',
  '/login': 'index',
  '/register': 'register',
  '/register.html': 'register',
  '/pointMall': 'pointMall',
  '/lottery': 'lottery',
  '/vnlottery': 'vnlottery',
  '/elott': 'elott',
  ...Object.fromEntries(CATEGORY_ROUTES.map((path) => [path, 'egame'] as const)),
  '/promotions': 'promo',
  '/promoDetail': 'promoDetail',
  '/seamless': 'seamless',
  '/helpmc': 'helpmc',
  '/help': 'help',
  '/down': 'download',
  '/game': 'byIframe',
};
