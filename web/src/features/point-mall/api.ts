/**
 * Points mall calls (all need a session): balance,
 * rewards, conversion limits, the redemption list, and the two password-checked writes. Every key
 * starts with 'me' so logout drops them. A write refreshes the points (and, for a conversion, the
 * wallet balance it credits).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../api/client';
import { balanceQuery } from '../../api/queries/member';
import type { components, operations } from '../../api/schema';

type EncryptedBody = components['schemas']['EncryptedBody'];
export type Redemption = operations['getRedeemList']['responses'][200]['content']['application/json']['value']['list'][number];
export type RedeemRequest = components['schemas']['RedeemRequest'];

/** Rows per page of the redemption list. */
export const REDEMPTIONS_PAGE_SIZE = 10;

const POINTS_KEY = ['me', 'points'] as const;

export const pointsBalanceQuery = queryOptions({
  queryKey: [...POINTS_KEY, 'balance'],
  queryFn: () => unwrap(client.GET('/wps/points/balance')),
});

export const pointsRewardsQuery = queryOptions({
  queryKey: [...POINTS_KEY, 'rewards'],
  queryFn: () => unwrap(client.GET('/wps/points/rewards')),
});

export const pointsConfigQuery = queryOptions({
  queryKey: [...POINTS_KEY, 'config'],
  queryFn: () => unwrap(client.GET('/wps/points/config')),
  staleTime: 10 * 60_000,
});

export const redemptionsQuery = (pageNo: number) =>
  queryOptions({
    queryKey: [...POINTS_KEY, 'redemptions', pageNo],
    queryFn: () =>
      unwrap(client.GET('/wps/points/redeem/list', { params: { query: { pageNo, pageSize: REDEMPTIONS_PAGE_SIZE } } })),
    placeholderData: (previous) => previous,
  });

/** Redeem a reward; the body is encrypted by the client (operation-meta marks the call). */
export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RedeemRequest) =>
      unwrap(client.POST('/wps/points/redeem', { body: body as unknown as EncryptedBody })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: POINTS_KEY }),
  });
}

/** Convert points into wallet money at the configured rate. */
export function useConvert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { points: number; password: string }) => unwrap(client.POST('/wps/points/convert', { body })),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: POINTS_KEY }),
        queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey }),
      ]);
    },
  });
}
