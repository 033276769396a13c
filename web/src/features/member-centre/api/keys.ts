/**
 * Query keys of the member centre. Every key starts with 'me' so logout drops them with the rest of
 * the member's data (api/queries/member.ts); `invalidateMoney` refreshes whatever a money movement
 * changes, including the header's balance.
 */
import type { QueryClient } from '@tanstack/react-query';
import { balanceQuery, unreadCountQuery } from '../../../api/queries/member';

export const centreKeys = {
  funds: ['me', 'funds'] as const,
  records: ['me', 'records'] as const,
  deposit: ['me', 'deposit'] as const,
  withdraw: ['me', 'withdraw'] as const,
  rebate: ['me', 'rebate'] as const,
  rewards: ['me', 'rewards'] as const,
  missions: ['me', 'missions'] as const,
  messages: ['me', 'messages'] as const,
};

/** After a deposit, withdrawal, transfer or claim: the header balance and every figure it moves. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [
      balanceQuery.queryKey,
      centreKeys.funds,
      centreKeys.records,
      centreKeys.withdraw,
      centreKeys.rebate,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

/** After a message is read: the list and the unread badge of the header and side menu. */
export function invalidateMessages(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [centreKeys.messages, unreadCountQuery.queryKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
