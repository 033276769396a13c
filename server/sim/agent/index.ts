/**
 * The agent centre's simulation: the team is the
 * tree of accounts under an agent (parentAccount), its figures come from the ledger, and the
 * dividend and salary contracts live here, seeded from fixtures/agent.json. Salary contracts are
 * paid on the simulator clock (settleSalaries), lazily: no timers.
 *
 * - model.ts: contract kinds, flags and periods, the records, the per-load state;
 * - team.ts: the team tree, downlines, registering a downline;
 * - reports.ts: overview, team bets, transactions, profit and loss, my income, announcements;
 * - contracts.ts: listing, offering, accepting, rejecting and terminating contracts;
 * - salary.ts: settling the salary periods that have ended.
 */
export {
  CONTRACT_FLAGS,
  SETTLEMENT_MINUTES,
  requireContractFlag,
  type Contract,
  type ContractRecord,
  type Kind,
  type SalaryPayout,
} from './model';
export { ACTIVE_WINDOW_MS, downlines, registerDownline, teamOf, type TeamMember } from './team';
export { COMMISSION_RATE, announcements, revenue, teamBetting, teamOverview, teamProfitLoss, teamTransactions } from './reports';
export { contractAction, contractSettings, contractsOf, requestDividend } from './contracts';
export { settleSalaries } from './salary';
