/**
 * Vendor lanes and the navigation categories built from them (a top navigation
 * category shows only if it has at least one vendor; esports cards are split out of
 * SPORTS into ESPORTS; the side menu sends ELOTT/LOTT to /elott).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { client, unwrap } from '../client';
import { session } from '../session';
import type { Lane, VendorCard } from '../types';
import { PLATFORM_HTML5 } from '../../config/constants';
import { menuSettingsQuery, usePermission } from './system';

export const vendorsQuery = queryOptions({
  queryKey: ['games', 'vendors'],
  queryFn: async () => {
    const value = await unwrap(
      client.GET('/wps/relay/GCSGAME_vendorList', {
        params: { query: { merchantCode: session.merchant() ?? 'DEMO', platform: PLATFORM_HTML5 } },
      }),
    );
    return value.data.lanes;
  },
  staleTime: 5 * 60_000,
});

/** Navigation category ids, in the side menu's order. */
export type NavCategoryId = 'INHOUSE' | 'LOTTERY' | 'LIVE' | 'SPORTS' | 'FISH' | 'RNG' | 'PVP' | 'ESPORTS';

/** A vendor of a navigation category with where its icon leads. */
export interface NavVendor extends VendorCard {
  /** Lobby tab (`/rng?page=PG`), `/elott?vendor=X` for e-lottery, `/lottery` for lottery. */
  href: string;
}

export interface NavCategory {
  id: NavCategoryId;
  /** Route of the category page. */
  path: string;
  vendors: NavVendor[];
}

export const CATEGORY_PATHS: Record<NavCategoryId, string> = {
  INHOUSE: '/inhouse',
  LOTTERY: '/elott',
  LIVE: '/live',
  SPORTS: '/sports',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  ESPORTS: '/esports',
};

const DEFAULT_ORDER: NavCategoryId[] = ['INHOUSE', 'LOTTERY', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS'];

/** Lane title to navigation category: ELOTT and LOTT share the lottery entry. */
function categoryOf(title: string): NavCategoryId | null {
  const t = title.toUpperCase();
  if (t === 'ELOTT' || t === 'LOTT') return 'LOTTERY';
  return (DEFAULT_ORDER as string[]).includes(t) ? (t as NavCategoryId) : null;
}

function vendorHref(laneTitle: string, id: NavCategoryId, vendor: string): string {
  const title = laneTitle.toUpperCase();
  if (title === 'LOTT') return '/lottery';
  if (title === 'ELOTT') return `/elott?vendor=${encodeURIComponent(vendor)}`;
  // The tabs view pushes /rng?page={vendor}.
  return `${CATEGORY_PATHS[id]}?page=${encodeURIComponent(vendor)}`;
}

/** Pure: lanes to ordered categories with at least one vendor. Exported for tests. */
export function buildNavCategories(
  lanes: readonly Lane[],
  esportsVendors: readonly string[],
  order: readonly string[] = [],
): NavCategory[] {
  const byId = new Map<NavCategoryId, NavVendor[]>();
  const esports = new Set(esportsVendors.map((v) => v.toUpperCase()));
  for (const lane of lanes) {
    const id = categoryOf(lane.title);
    if (!id) continue;
    for (const card of lane.cards) {
      const target: NavCategoryId = id === 'SPORTS' && esports.has(card.vendor.toUpperCase()) ? 'ESPORTS' : id;
      const list = byId.get(target) ?? [];
      if (!list.some((c) => c.vendor === card.vendor)) list.push({ ...card, href: vendorHref(lane.title, target, card.vendor) });
      byId.set(target, list);
    }
  }
  const mapped = order.map((o) => categoryOf(o)).filter((c): c is NavCategoryId => !!c);
  const sequence = [...new Set([...mapped, ...DEFAULT_ORDER])];
  return sequence
    .filter((id) => (byId.get(id)?.length ?? 0) > 0)
    .map((id) => ({ id, path: CATEGORY_PATHS[id], vendors: byId.get(id) ?? [] }));
}

/** Categories with vendors, for the top navigation and the side menu. */
export function useNavCategories(): { categories: NavCategory[]; isLoading: boolean } {
  const permission = usePermission();
  const lanes = useQuery(vendorsQuery);
  const menu = useQuery(menuSettingsQuery);
  const categories = useMemo(
    () => buildNavCategories(lanes.data ?? [], permission.esportsVendors, menu.data?.categoryOrder ?? []),
    [lanes.data, permission.esportsVendors, menu.data?.categoryOrder],
  );
  return { categories, isLoading: lanes.isLoading };
}
