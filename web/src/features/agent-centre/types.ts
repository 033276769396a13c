/** Aliases of the generated contract types used by the agent centre (no hand-written API types in web/). */
import type { OpValue } from '../../api/types';

export type TeamOverview = OpValue<'getTeamOverview'>;
export type Downline = OpValue<'getDownlines'>['list'][number];
export type TeamBet = OpValue<'getTeamBetting'>['list'][number];
export type ProfitLossRow = OpValue<'getTeamProfitLoss'>['list'][number];
export type RevenueRow = OpValue<'getAgentRevenue'>['rows'][number];
export type TeamTransaction = OpValue<'getDownlineTransactions'>['list'][number];
export type ContractList = OpValue<'getDividendContracts'>;
export type Contract = ContractList['contracts'][number];
export type ContractKind = Contract['kind'];
export type ContractStatus = Contract['status'];
export type AgentAnnouncement = OpValue<'getAgentAnnouncements'>[number];

/**
 * The agent centre's menu in the portal's order; the contract pages show
 * only when their module flag is on in the permission whitelabel tree.
 */
export const AGENT_MENU = [
  { page: 'agentAnnouncement' },
  { page: 'agentTeamOverview' },
  { page: 'registerCenter' },
  { page: 'downlineManagmentView' },
  { page: 'personalHistoryCopy' },
  { page: 'palStatementsAgentCopy' },
  { page: 'agentRevenueReport' },
  { page: 'agentDownlineTransactionDetailsCopy' },
  { page: 'agentDividendRecordCopy2', flag: 'DIVIDEND3' },
  { page: 'agentDailyWages2', flag: 'DAILYSALARY3' },
  { page: 'agentHourSalary', flag: 'HOURSALARY3' },
  { page: 'agentRealtimeSalary', flag: 'REALTIMESALARY3' },
] as const;

export type AgentPage = (typeof AGENT_MENU)[number]['page'];

export function isAgentPage(page: string): page is AgentPage {
  return AGENT_MENU.some((i) => i.page === page);
}

/** The page a salary kind is shown on. */
export const SALARY_PAGES = {
  dailySalary: 'agentDailyWages2',
  hourSalary: 'agentHourSalary',
  realtimeSalary: 'agentRealtimeSalary',
} as const satisfies Partial<Record<ContractKind, AgentPage>>;
export type SalaryKind = keyof typeof SALARY_PAGES;
