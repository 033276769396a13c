/**
 * The four contract lists (dividend, daily, hourly and real-time salary). They are four calls of one
 * shape, each behind its own module flag, so one module keys them by kind.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import type { ContractKind } from '../types';
import { agentKeys } from './keys';

const load = {
  dividend: (signal: AbortSignal) => unwrap(client.GET('/wps/agent/contract/dividend', { signal })),
  dailySalary: (signal: AbortSignal) =>
    unwrap(client.GET('/wps/agent/contract/dailySalary', { signal })),
  hourSalary: (signal: AbortSignal) =>
    unwrap(client.GET('/wps/agent/contract/hourSalary', { signal })),
  realtimeSalary: (signal: AbortSignal) =>
    unwrap(client.GET('/wps/agent/contract/realtimeSalary', { signal })),
} satisfies Record<ContractKind, unknown>;

export const contractsQuery = (kind: ContractKind) =>
  queryOptions({
    queryKey: [...agentKeys.contracts, kind],
    queryFn: ({ signal }) => load[kind](signal),
    staleTime: 30_000,
  });

export function useContracts(kind: ContractKind) {
  return useQuery(contractsQuery(kind));
}
