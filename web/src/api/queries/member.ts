/**
 * Token-bound member queries. Every key starts with 'me' so logout and a lost session drop them
 * all with `removeQueries({ queryKey: ['me'] })`.
 */
import { queryOptions } from '@tanstack/react-query';
import { client, unwrap } from '../client';

export const ME_KEY = ['me'] as const;

export const memberInfoQuery = queryOptions({
  queryKey: ['me', 'info'],
  queryFn: () => unwrap(client.GET('/wps/member/info')),
  staleTime: 60_000,
});

export const avatarQuery = queryOptions({
  queryKey: ['me', 'avatar'],
  queryFn: () => unwrap(client.GET('/wps/relay/MCSFE_getPlayerAvatar')),
  staleTime: 10 * 60_000,
});

export const balanceQuery = queryOptions({
  queryKey: ['me', 'balance'],
  queryFn: () => unwrap(client.GET('/wps/v2/wallets/balance')),
  staleTime: 15_000,
});

export const unreadCountQuery = queryOptions({
  queryKey: ['me', 'unread'],
  queryFn: () => unwrap(client.GET('/wps/relay/MCSFE_unreadCount')),
  staleTime: 60_000,
});

export const vipLevelsQuery = queryOptions({
  queryKey: ['me', 'vip'],
  queryFn: () => unwrap(client.GET('/wps/relay/MCSFE_vipLevels')),
  staleTime: 5 * 60_000,
});

export const referralQuery = queryOptions({
  queryKey: ['me', 'referral'],
  queryFn: () => unwrap(client.GET('/wps/member/referral')),
  staleTime: 5 * 60_000,
});
