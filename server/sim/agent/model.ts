/**
 * The agent centre's model: the contract kinds and
 * their module flags and settlement periods, the contract and salary-payout records, and the
 * per-load state that holds them, seeded from fixtures/agent.json.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { ContractKind, ContractSchema } from '../../../openapi/agent';
import { REALTIME_SALARY_MINUTES } from '../../../openapi/constants';
import { forbidden } from '../../errors';
import { ContractFixtureSchema } from '../../../openapi/fixtures';
import { moduleRecord } from '../registry';
import type { Sim } from '../state';

export type Kind = Static<typeof ContractKind>;
export type Contract = Static<typeof ContractSchema>;

/**
 * A contract as the simulator keeps it: the schema's fields plus the upline that offered it and,
 * once active, the salary settlement cursor (server-side only, never on the wire).
 */
export interface ContractRecord extends Contract {
  parentAccount: string;
  /** When the contract became active (accepted, or the load for a fixture's active contract). */
  activeSince?: number;
  /** Bets before this time are settled: the end of the last settled period, or activeSince. */
  settledUntil?: number;
}

/** One paid salary period, kept so "my income" reports what was paid. */
export interface SalaryPayout {
  contractId: number;
  kind: Kind;
  account: string;
  periodStart: number;
  periodEnd: number;
  validBet: number;
  activeMembers: number;
  amount: number;
  txId: number;
}

/** Module flag of each contract kind (the agent menu shows a contract's items only while its flag is on). */
export const CONTRACT_FLAGS: Record<Kind, string> = {
  dividend: 'DIVIDEND3',
  dailySalary: 'DAILYSALARY3',
  hourSalary: 'HOURSALARY3',
  realtimeSalary: 'REALTIMESALARY3',
};

/** Settlement period of each salary kind; real-time salary every 5 minutes. */
export const SETTLEMENT_MINUTES: Partial<Record<Kind, number>> = {
  dailySalary: 24 * 60,
  hourSalary: 60,
  realtimeSalary: REALTIME_SALARY_MINUTES,
};

const FIXTURE_KEYS: Record<Kind, 'dividendContracts' | 'dailySalaryContracts' | 'hourSalaryContracts' | 'realtimeSalaryContracts'> = {
  dividend: 'dividendContracts',
  dailySalary: 'dailySalaryContracts',
  hourSalary: 'hourSalaryContracts',
  realtimeSalary: 'realtimeSalaryContracts',
};

// Plain data only (no class instances): snapshots copy it with structuredClone, and it lives per
// ledger (registry.ts), so a restore puts back the payouts and the cursors with the ledger they match.
export interface AgentState {
  contracts: ContractRecord[];
  nextId: number;
  payouts: SalaryPayout[];
  /** Earliest end of a period not yet settled, over active salary contracts: the fast path. */
  salaryDueAt: number;
}

const Millis = Type.Number();

/** The agent centre's slice of the world schema (server/sim/store), seeded from fixtures/agent.json. */
export const AGENT = moduleRecord(
  {
    name: 'agent',
    owner: 'agent',
    doc: 'Contracts (offered, active, ended, with their settlement cursors), salary payouts, the next contract id and when the next salary period ends.',
    row: Type.Object({
      contracts: Type.Array(
        Type.Composite([
          ContractFixtureSchema,
          Type.Object({ activeSince: Type.Optional(Millis), settledUntil: Type.Optional(Millis) }),
        ]),
      ),
      nextId: Type.Integer(),
      payouts: Type.Array(
        Type.Object({
          contractId: Type.Integer(),
          kind: ContractFixtureSchema.properties.kind,
          account: Type.String(),
          periodStart: Millis,
          periodEnd: Millis,
          validBet: Type.Number(),
          activeMembers: Type.Integer(),
          amount: Type.Number(),
          txId: Type.Integer(),
        }),
      ),
      salaryDueAt: Type.Number({ description: 'Infinity when nothing will come due' }),
    }),
    rules: {
      money: ['payouts/*/validBet', 'payouts/*/amount'],
      nonNegative: ['nextId', 'contracts/*/id', 'payouts/*/validBet', 'payouts/*/amount', 'payouts/*/activeMembers', 'payouts/*/txId'],
      references: { 'contracts/*/account': 'accounts', 'contracts/*/parentAccount': 'accounts', 'payouts/*/account': 'accounts' },
      nextIds: { nextId: { table: 'agent', path: 'contracts/*/id' } },
    },
  },
  (sim): AgentState => {
  const contracts: ContractRecord[] = [];
  for (const kind of Object.keys(FIXTURE_KEYS) as Kind[]) {
    for (const row of sim.world.agent[FIXTURE_KEYS[kind]]) {
      const c: ContractRecord = { ...row, kind };
      // A fixture's active contract starts at the load: the seeded history is never paid back.
      if (c.status === 'active') c.activeSince = c.settledUntil = sim.loadedAt;
      contracts.push(c);
    }
  }
  const st: AgentState = {
    contracts,
    nextId: Math.max(0, ...contracts.map((c) => c.id)) + 1,
    payouts: [],
    salaryDueAt: Infinity,
  };
  refreshDue(st);
  return st;
  },
);

/** The agent state of a world, to read. */
export const state = (sim: Sim) => AGENT.get(sim);
/** The agent state of a world, to change (noted for the commit and rewind). */
export const editState = (sim: Sim): AgentState => AGENT.update(sim);

/** 403 operation-not-allowed unless the kind's module flag is on. */
export function requireContractFlag(sim: Sim, kind: Kind): void {
  if (!sim.flag(CONTRACT_FLAGS[kind])) {
    throw forbidden('operation-not-allowed', `The ${kind} contract feature is not enabled`);
  }
}

export function periodMs(kind: Kind): number | undefined {
  const minutes = SETTLEMENT_MINUTES[kind];
  return minutes === undefined ? undefined : minutes * 60_000;
}

/** End of the contract's first period not settled yet; Infinity when nothing will come due. */
function nextDue(c: ContractRecord): number {
  const ms = periodMs(c.kind);
  if (ms === undefined || c.status !== 'active' || c.settledUntil === undefined) return Infinity;
  return (Math.floor(c.settledUntil / ms) + 1) * ms;
}

export function refreshDue(st: AgentState): void {
  st.salaryDueAt = st.contracts.reduce((min, c) => Math.min(min, nextDue(c)), Infinity);
}

/** The UTC day of a time, as the income report and the salary remarks write it (2026-01-31). */
export const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
