/**
 * Business constants of the agent centre (named, never literals in components). Shared
 * numbers stay in `config/constants.ts`.
 */
import type { SalaryKind } from './types';

/** Rows per page of the agent centre's tables. */
export const AGENT_PAGE_SIZE = 10;
/** Direct downlines read at once for the contract offer form (the call's page size cap). */
export const DOWNLINE_PICKER_SIZE = 100;
/** My income: days read in one call (the call's page size cap), paged in the client. */
export const REVENUE_DAYS_MAX = 100;
/**
 * Settlement period of each salary kind when the server does not send one:
 * real-time salary is settled every 5 minutes.
 */
export const SALARY_SETTLEMENT_MINUTES: Record<SalaryKind, number> = {
  dailySalary: 24 * 60,
  hourSalary: 60,
  realtimeSalary: 5,
};
/** Account types a downline can be opened as (registerCenter): 0 player, 2 sub-agent. */
export const DOWNLINE_TYPES = [0, 2] as const;
/** A contract rate is a percentage. */
export const RATE_MIN = 0;
export const RATE_MAX = 100;
