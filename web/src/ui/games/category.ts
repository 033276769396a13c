/**
 * Game categories of the lobby routes and how vendor lanes map onto them.
 */
import { ESPORTS_VENDORS, HOT } from '../../config/games';
import type { Lane, VendorCard } from '../../api/games/types';

/** The category of each lobby route, as lane titles name them. */
export const CATEGORY_BY_PATH = {
  rng: 'RNG',
  pvp: 'PVP',
  live: 'LIVE',
  fish: 'FISH',
  sports: 'SPORTS',
  esports: 'ESPORTS',
  inhouse: 'INHOUSE',
} as const;

export type CategoryId = (typeof CATEGORY_BY_PATH)[keyof typeof CATEGORY_BY_PATH];

export const CATEGORY_IDS = Object.values(CATEGORY_BY_PATH) as CategoryId[];

/** Lobby path of a category (the bare root path also shows RNG). */
export function categoryPath(id: CategoryId): string {
  return `/${id.toLowerCase()}`;
}

/** '/live' → LIVE; anything else (the bare root) → RNG. */
export function categoryFromPath(pathname: string): CategoryId {
  const segment = pathname.replace(/^\/+/, '').split('/')[0]?.toLowerCase() ?? '';
  return segment in CATEGORY_BY_PATH ? CATEGORY_BY_PATH[segment as keyof typeof CATEGORY_BY_PATH] : 'RNG';
}

/**
 * The game list's gameType and gameClassify for a category: esports games are SPORTS games of
 * classification ESPORTS, so both sports lobbies filter by classification.
 */
export function categoryFilter(id: CategoryId): { gameType: string; gameClassify?: string } {
  if (id === 'ESPORTS') return { gameType: 'SPORTS', gameClassify: 'ESPORTS' };
  if (id === 'SPORTS') return { gameType: 'SPORTS', gameClassify: 'SPORTS' };
  return { gameType: id };
}

/** An esports card: classified ESPORTS, or one of the brand's esports vendors. */
export function isEsportsCard(card: VendorCard, esportsVendors: readonly string[] = ESPORTS_VENDORS): boolean {
  return card.gameClassify.toUpperCase() === 'ESPORTS' || esportsVendors.some((v) => v.toUpperCase() === card.vendor.toUpperCase());
}

/**
 * Lanes with esports cards split out of SPORTS into an ESPORTS lane placed after it.
 * Pure; the input is not changed.
 */
export function splitEsports(lanes: readonly Lane[], esportsVendors: readonly string[] = ESPORTS_VENDORS): Lane[] {
  const out: Lane[] = [];
  const esports: VendorCard[] = [];
  let sportsIndex = -1;
  for (const lane of lanes) {
    const title = lane.title.toUpperCase();
    if (title === 'SPORTS') {
      esports.push(...lane.cards.filter((c) => isEsportsCard(c, esportsVendors)));
      out.push({ ...lane, cards: lane.cards.filter((c) => !isEsportsCard(c, esportsVendors)) });
      sportsIndex = out.length - 1;
    } else if (title === 'ESPORTS') {
      esports.push(...lane.cards);
    } else {
      out.push(lane);
    }
  }
  if (esports.length > 0) {
    const unique = esports.filter((c, i) => esports.findIndex((o) => o.vendor === c.vendor) === i);
    const lane: Lane = { title: 'ESPORTS', gameClassify: 'ESPORTS', cards: unique };
    out.splice(sportsIndex >= 0 ? sportsIndex + 1 : out.length, 0, lane);
  }
  return out;
}

/** Vendor cards of one category, in the server's order. */
export function vendorsOf(lanes: readonly Lane[], id: CategoryId, esportsVendors?: readonly string[]): VendorCard[] {
  return splitEsports(lanes, esportsVendors).find((l) => l.title.toUpperCase() === id)?.cards ?? [];
}

/** Hot vendors of every category (home page), each with the category it belongs to. */
export function hotVendors(lanes: readonly Lane[], esportsVendors?: readonly string[]): { card: VendorCard; category: string }[] {
  return splitEsports(lanes, esportsVendors).flatMap((lane) =>
    lane.cards.filter((c) => c.isHot === HOT).map((card) => ({ card, category: lane.title.toUpperCase() })),
  );
}

/** Where a vendor card leads: a lobby tab (`/rng?page=PG`) or, for lottery lanes, /elott or /lottery. */
export function vendorHref(category: string, vendor: string): string {
  const c = category.toUpperCase();
  if (c === 'ELOTT') return `/elott?vendor=${encodeURIComponent(vendor)}`;
  if (c === 'LOTT') return '/lottery';
  if ((CATEGORY_IDS as string[]).includes(c)) return `${categoryPath(c as CategoryId)}?page=${encodeURIComponent(vendor)}`;
  return '/';
}
