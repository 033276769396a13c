/**
 * Contract rules as the agent sees them (contract actions Accept / Reject /
 * Terminate; the contract-rate warning). Pure, so they are unit-tested.
 */
import type { Contract } from './types';

export type ContractAction = 'Accept' | 'Reject' | 'Terminate';

/**
 * The offered account answers a pending offer (accept or reject); either side may terminate an
 * active contract; rejected and terminated contracts are final.
 */
export function contractActions(
  contract: Pick<Contract, 'account' | 'status'>,
  me: string,
): ContractAction[] {
  if (contract.status === 'pending') return contract.account === me ? ['Accept', 'Reject'] : [];
  if (contract.status === 'active') return ['Terminate'];
  return [];
}

const LIVE: ReadonlySet<Contract['status']> = new Set(['pending', 'active']);

/**
 * Contracts the agent can see that a new dividend contract of `rate` for `account` would undercut:
 * the downline's own live contract with a higher rate. (Deeper contracts the server also terminates
 * are not visible to this agent; the warning names the rule for them.)
 */
export function undercutContracts(
  contracts: readonly Contract[],
  account: string,
  rate: number,
): Contract[] {
  return contracts.filter(
    (c) => c.kind === 'dividend' && c.account === account && LIVE.has(c.status) && c.rate > rate,
  );
}

/** Split a list into the contracts offered to me and those I offered to my downlines. */
export function splitContracts(
  contracts: readonly Contract[],
  me: string,
): { mine: Contract[]; team: Contract[] } {
  return {
    mine: contracts.filter((c) => c.account === me),
    team: contracts.filter((c) => c.account !== me),
  };
}

/** A rate typed by the agent: a percentage from 0 to 100 with at most two decimals, or null. */
export function parseRate(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(clean)) return null;
  const value = Number(clean);
  return value >= 0 && value <= 100 ? value : null;
}
