import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { centreKeys } from './keys';

/** Categories a deposit may carry a promotion of (the deposit call refuses the others). */
const DEPOSIT_CATEGORIES = new Set(['deposit', 'new_player']);

/**
 * Promotions as this player sees them (a token on the public list gives the player's states); the
 * deposit form offers those of a deposit category that are open.
 */
export const myPromotionsQuery = queryOptions({
  queryKey: [...centreKeys.rewards, 'all'],
  queryFn: ({ signal }) => unwrap(client.GET('/wps/promotion/list', { signal })),
  staleTime: 60_000,
});

export function useMyPromotions() {
  return useQuery(myPromotionsQuery);
}

export function useDepositPromotions() {
  return useQuery({
    ...myPromotionsQuery,
    select: (list) =>
      list.filter(
        (p) =>
          DEPOSIT_CATEGORIES.has(p.category) && p.status !== 'close' && p.status !== 'coming soon',
      ),
  });
}
