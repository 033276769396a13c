/**
 * Which shell parts each route shows (spec section 2 route table and banner groups): header,
 * banner group, footer and side menu. The router and the shell both read this one table.
 */

export interface RouteLayout {
  /** Top header bar. */
  header: boolean;
  /** Banner group of the route's carousel, or null for none. */
  banner: string | null;
  footer: boolean;
  sideMenu: boolean;
  /**
   * /seamless and /vnlottery: top and side bars hidden unless the menu setting (topBar/sideBar)
   * allows them; the side menu arrow then toggles them.
   */
  barsByFlag?: boolean;
}

const home: RouteLayout = { header: true, banner: 'w_hot', footer: true, sideMenu: true };
const category: RouteLayout = { header: true, banner: 'w_hot', footer: true, sideMenu: true };

/** Route path to layout. Paths are matched exactly (case-sensitive, as the spec writes them). */
export const LAYOUTS: Readonly<Record<string, RouteLayout>> = {
  '/': home,
  '/index': home,
  '/index.html': home,
  '/home': home,
  // /login renders the home with the login modal open (login-before-home guard target).
  '/login': home,
  '/register': { header: true, banner: 'w_reg', footer: false, sideMenu: false },
  '/register.html': { header: true, banner: 'w_reg', footer: false, sideMenu: false },
  '/pointMall': { header: true, banner: 'w_shop', footer: true, sideMenu: false },
  '/lottery': { header: true, banner: null, footer: false, sideMenu: false },
  '/vnlottery': { header: true, banner: null, footer: false, sideMenu: true, barsByFlag: true },
  '/elott': { header: true, banner: 'w_hot', footer: true, sideMenu: true },
  '/rng': category,
  '/pvp': category,
  '/live': category,
  '/fish': category,
  '/sports': category,
  '/esports': category,
  '/inhouse': category,
  '/promotions': { header: true, banner: 'w_promotion', footer: true, sideMenu: true },
  '/promoDetail': { header: true, banner: null, footer: true, sideMenu: true },
  '/seamless': { header: true, banner: null, footer: false, sideMenu: true, barsByFlag: true },
  '/helpmc': { header: false, banner: null, footer: false, sideMenu: false },
  '/help': { header: true, banner: 'w_help', footer: true, sideMenu: true },
  '/down': { header: true, banner: 'w_down', footer: true, sideMenu: true },
  '/game': { header: true, banner: null, footer: false, sideMenu: false },
};

/** Unknown paths: the 404 page inside the usual shell. */
export const NOT_FOUND_LAYOUT: RouteLayout = { header: true, banner: null, footer: true, sideMenu: true };

export function layoutFor(pathname: string): RouteLayout {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return LAYOUTS[path] ?? NOT_FOUND_LAYOUT;
}

/** Game category routes (spec: /rng, /pvp, /live, /fish, /sports, /esports, /inhouse). */
export const CATEGORY_ROUTES = ['/rng', '/pvp', '/live', '/fish', '/sports', '/esports', '/inhouse'] as const;

/** Paths open without a token when the brand logs in before home (spec "Route guard"). */
export const LOGIN_FREE_PATHS: readonly string[] = ['/login', '/register', '/register.html', '/helpmc', '/download', '/down'];
