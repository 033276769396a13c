/**
 * Dividend and salary contracts: listing them, offering a dividend contract
 * to a direct downline (with the contract-rate warning's terminations), and accepting, rejecting
 * and terminating.
 */
import { ApiError, forbidden, notFound, refused } from '../../errors';
import type { Account, Sim } from '../state';
import { SETTLEMENT_MINUTES, editState, refreshDue, requireContractFlag, state, type Contract, type ContractRecord, type Kind } from './model';
import { settleSalaries } from './salary';
import { teamOf } from './team';

export function contractSettings(sim: Sim) {
  return { ...sim.world.agent.consolidatedSettings };
}

function contractView(c: ContractRecord): Contract {
  const { parentAccount: _parent, activeSince: _since, settledUntil: _settled, ...rest } = c;
  return rest;
}

/** Contracts the agent offered (to direct downlines) and those offered to the agent. */
export function contractsOf(sim: Sim, me: Account, kind: Kind) {
  requireContractFlag(sim, kind);
  const contracts = state(sim)
    .contracts.filter(
      (c) => c.kind === kind && (c.parentAccount === me.account || c.account === me.account),
    )
    .map(contractView);
  const minutes = SETTLEMENT_MINUTES[kind];
  return minutes === undefined ? { contracts } : { settlementMinutes: minutes, contracts };
}

const LIVE: readonly Contract['status'][] = ['pending', 'active'];

/**
 * Offer a dividend contract to a direct downline. The contract-rate warning's rule: every live
 * dividend contract further down that downline's team with a higher rate than the new one is
 * terminated, and the accounts are listed in terminatedDownlines.
 */
export function requestDividend(
  sim: Sim,
  me: Account,
  body: {
    account: string;
    rate: number;
    activeMembers?: number;
    periodValidBet?: number;
    periodPnl?: number;
  },
) {
  requireContractFlag(sim, 'dividend');
  const st = editState(sim);
  const target = sim.findAccount(body.account);
  if (!target || target.parentAccount !== me.account) {
    throw refused('agent.not.downline', `${body.account} is not a direct downline`, {
      fields: [{ field: 'body/account', message: 'not a direct downline' }],
    });
  }
  const own = st.contracts.find(
    (c) => c.kind === 'dividend' && c.account === me.account && c.status === 'active',
  );
  if (own && body.rate > own.rate) {
    throw refused(
      'agent.rate.too.high',
      `The rate cannot exceed your own dividend rate of ${own.rate}%`,
      {
        fields: [{ field: 'body/rate', message: `at most ${own.rate}` }],
      },
    );
  }
  if (
    st.contracts.some(
      (c) => c.kind === 'dividend' && c.account === target.account && c.status === 'pending',
    )
  ) {
    throw refused(
      'agent.contract.pending',
      `${target.account} already has a dividend offer waiting for an answer`,
      {
        fields: [{ field: 'body/account', message: 'offer pending' }],
      },
    );
  }
  const below = new Set(teamOf(sim, target.account).map((m) => m.account.account));
  const terminatedDownlines: string[] = [];
  for (const c of st.contracts) {
    if (
      c.kind === 'dividend' &&
      below.has(c.account) &&
      LIVE.includes(c.status) &&
      c.rate > body.rate
    ) {
      c.status = 'terminated';
      if (!terminatedDownlines.includes(c.account)) terminatedDownlines.push(c.account);
    }
  }
  const contract: ContractRecord = {
    id: st.nextId++,
    kind: 'dividend',
    account: target.account,
    parentAccount: me.account,
    rate: body.rate,
    activeMembers: body.activeMembers ?? 0,
    periodValidBet: body.periodValidBet ?? 0,
    periodPnl: body.periodPnl ?? 0,
    dailyBetAmount: 0,
    hourlyBetAmount: 0,
    realtimeProfitRate: 0,
    lossRate: 0,
    singleBetAmount: 0,
    status: 'pending',
  };
  st.contracts.push(contract);
  return { contract: contractView(contract), terminatedDownlines };
}

/**
 * Contract actions: the receiving account accepts or rejects a pending offer (an
 * accepted one replaces its earlier active contract of the kind); either side terminates an active one.
 */
export function contractAction(
  sim: Sim,
  me: Account,
  body: { id: number; action: 'Accept' | 'Reject' | 'Terminate' },
): Contract {
  const st = editState(sim);
  const c = st.contracts.find(
    (x) => x.id === body.id && (x.account === me.account || x.parentAccount === me.account),
  );
  if (!c) throw notFound(`No contract ${body.id}`);
  requireContractFlag(sim, c.kind);
  // Periods that ended before the change are paid under the terms that ran them.
  settleSalaries(sim);
  const from = c.status;
  if (body.action === 'Terminate') {
    if (from !== 'active') throw badTransition(body.action, from);
    c.status = 'terminated';
    refreshDue(st);
    return contractView(c);
  }
  if (c.account !== me.account) {
    throw forbidden(
      'permission.denied',
      `Only ${c.account} can ${body.action.toLowerCase()} this contract`,
    );
  }
  if (from !== 'pending') throw badTransition(body.action, from);
  if (body.action === 'Reject') {
    c.status = 'rejected';
    return contractView(c);
  }
  for (const other of st.contracts) {
    if (
      other !== c &&
      other.kind === c.kind &&
      other.account === c.account &&
      other.status === 'active'
    )
      other.status = 'terminated';
  }
  c.status = 'active';
  c.activeSince = c.settledUntil = sim.now();
  refreshDue(st);
  return contractView(c);
}

function badTransition(action: string, from: string): ApiError {
  return refused('agent.contract.state', `Cannot ${action} a contract that is ${from}`, {
    fields: [{ field: 'body/action', message: `not allowed when ${from}` }],
  });
}

