/**
 * The portal's addresses, as typed builders (`paths.register({ referralCode })`), for links,
 * navigation and the Playwright specs. ROUTE_PATHS is the path of every route of the route table
 * (app/route-table.ts takes its paths from this type, and app/paths.test.ts checks that the two
 * list the same pages), so a builder cannot name a page that does not exist. Plain strings only: Node
 * imports it without React or the router (docs/decisions/028-shared-centre-parts-and-runnable-docs.md).
 */

/** Game category pages, in the side menu's order. */
export const CATEGORY_PATHS = ['/rng', '/pvp', '/live', '/fish', '/sports', '/esports', '/inhouse'] as const;
export type CategoryPath = (typeof CATEGORY_PATHS)[number];

/** The path of every route of the route table, and the redirect. */
export const ROUTE_PATHS = [
  '/',
  '/index',
  '/index.html',
  '/home',
  '/login',
  '/register',
  '/register.html',
  '/pointMall',
  '/lottery',
  '/vnlottery',
  '/elott',
  ...CATEGORY_PATHS,
  '/promotions',
  '/promoDetail',
  '/seamless',
  '/helpmc',
  '/help',
  '/down',
  '/game',
] as const;
export type RoutePath = (typeof ROUTE_PATHS)[number];

/** Addresses that lead to a page of ROUTE_PATHS (the login gate's `/download` is `/down`). */
export const REDIRECT_PATHS = ['/download'] as const;
export type RedirectPath = (typeof REDIRECT_PATHS)[number];

type Query = Record<string, string | number | undefined>;

/** The path with its query, each value URI-encoded (a space is %20); undefined values are left out. */
function at(path: RoutePath | RedirectPath, query: Query = {}): string {
  const pairs = Object.entries(query).filter((e): e is [string, string | number] => e[1] !== undefined);
  if (!pairs.length) return path;
  return `${path}?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&')}`;
}

/** Any page may name a sandbox world to join (`?world=`) or a session to take over (`?token=`). */
interface Common extends Query {
  world?: string;
  token?: string;
}

const category = (path: CategoryPath) => (query?: Common & { page?: string }) => at(path, query);

export const paths = {
  home: (query?: Common) => at('/', query),
  login: () => at('/login'),
  register: (query?: Common & { referralCode?: string; affiliateCode?: string }) => at('/register', query),
  registerHtml: () => at('/register.html'),
  pointMall: () => at('/pointMall'),
  lottery: (query?: Common & { gameCode?: string; playType?: string }) => at('/lottery', query),
  vnLottery: () => at('/vnlottery'),
  elott: () => at('/elott'),
  rng: category('/rng'),
  pvp: category('/pvp'),
  live: category('/live'),
  fish: category('/fish'),
  sports: category('/sports'),
  esports: category('/esports'),
  inhouse: category('/inhouse'),
  promotions: (query?: Common & { id?: string | number }) => at('/promotions', query),
  promoDetail: (id?: string | number) => at('/promoDetail', { id }),
  seamless: () => at('/seamless'),
  helpCentre: (query?: { category?: string | number }) => at('/helpmc', query),
  help: () => at('/help'),
  download: () => at('/down'),
  /** The login gate's name for the download page; redirects to paths.download(). */
  downloadRedirect: () => at('/download'),
  game: (query?: Common & { gameId?: string | number; nodeId?: string | number; gameType?: string; name?: string }) =>
    at('/game', query),
} as const;
