/**
 * The public routes whose first screen comes in the HTML (docs/decisions/026-first-screen-in-the-html.md):
 * home, the game lobbies, promotions, register, login and help. Plain data, so that the server
 * (server/prerendered.ts) reads it without loading the app; every entry is a route of
 * app/route-table.ts (checked by render-page.test.ts).
 */
export const PRERENDER_PATHS: readonly string[] = [
  '/',
  '/rng',
  '/pvp',
  '/live',
  '/fish',
  '/sports',
  '/esports',
  '/inhouse',
  '/promotions',
  '/register',
  '/login',
  '/help',
];
