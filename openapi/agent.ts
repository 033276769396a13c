/**
 * Agent area: the agent centre pages. Every call needs an agent
 * account (isAgent 1, 2, 41, 42); others get 403 'Non-agents cannot log in'.
 */
import { Type } from '@sinclair/typebox';
import { op } from './define';
import { MAX_PAGE_NO, Money, Page, Timestamp } from './common';
import { AnnouncementSchema } from './system';
import { BetRecordSchema, TransactionSchema } from './wallet';

const pageQuery = {
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_NO, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};
const accountFilter = {
  account: Type.Optional(Type.String({ maxLength: 64, description: 'Filter to one downline.' })),
};

export const ContractKind = Type.Union(
  [Type.Literal('dividend'), Type.Literal('dailySalary'), Type.Literal('hourSalary'), Type.Literal('realtimeSalary')],
  { title: 'ContractKind' },
);

export const ContractSchema = Type.Object(
  {
    id: Type.Integer(),
    kind: ContractKind,
    account: Type.String(),
    rate: Type.Number({ description: 'Dividend or salary rate, percent.' }),
    activeMembers: Type.Integer(),
    periodValidBet: Money(),
    periodPnl: Money(),
    dailyBetAmount: Money(),
    hourlyBetAmount: Money(),
    realtimeProfitRate: Type.Number(),
    lossRate: Type.Number(),
    singleBetAmount: Money(),
    status: Type.Union([
      Type.Literal('pending'),
      Type.Literal('active'),
      Type.Literal('rejected'),
      Type.Literal('terminated'),
    ]),
  },
  { title: 'Contract' },
);

const contractList = (kind: string) =>
  Type.Object({
    settlementMinutes: Type.Optional(Type.Integer({ description: `Settlement period of ${kind}.` })),
    contracts: Type.Array(ContractSchema),
  });

const DownlineSchema = Type.Object(
  {
    account: Type.String(),
    parentAccount: Type.String(),
    level: Type.Integer(),
    isAgent: Type.Integer(),
    balance: Money(),
    registeredAt: Timestamp(),
    lastLoginAt: Timestamp(),
    teamSize: Type.Integer(),
  },
  { title: 'Downline' },
);

export const agentOps = {
  getAgentAnnouncements: op({
    operationId: 'getAgentAnnouncements',
    method: 'GET',
    path: '/wps/agent/announcement',
    area: 'agent',
    summary: 'Agent announcements (agentAnnouncement)',
    moduleId: 'AGENT3',
    access: 'agent',
    inferred: true,
    value: Type.Array(AnnouncementSchema),
  }),
  getTeamOverview: op({
    operationId: 'getTeamOverview',
    method: 'GET',
    path: '/wps/agent/team/overview',
    area: 'agent',
    summary: 'Team overview (agentTeamOverview)',
    moduleId: 'AGENT3',
    access: 'agent',
    inferred: true,
    value: Type.Object({
      teamSize: Type.Integer(),
      directMembers: Type.Integer(),
      newMembersToday: Type.Integer(),
      activeMembers: Type.Integer(),
      teamBalance: Money(),
      teamDeposit: Money(),
      teamWithdraw: Money(),
      teamValidBet: Money(),
      teamProfit: Money(),
    }),
  }),
  registerDownline: op({
    operationId: 'registerDownline',
    method: 'PUT',
    path: '/wps/agent/register',
    area: 'agent',
    summary: 'Open an account for a downline (registerCenter)',
    moduleId: 'AGENT3',
    access: 'agent',
    inferred: true,
    body: Type.Object(
      {
        username: Type.String({ minLength: 1, maxLength: 64 }),
        password: Type.String({ minLength: 1, maxLength: 128 }),
        isAgent: Type.Union([Type.Literal(0), Type.Literal(2)], { description: '0 player, 2 sub-agent.' }),
      },
      { examples: [{ username: 'downline77', password: 'Passw0rd!', isAgent: 0 }] },
    ),
    value: DownlineSchema,
  }),
  getDownlines: op({
    operationId: 'getDownlines',
    method: 'GET',
    path: '/wps/agent/downlines',
    area: 'agent',
    summary: 'Team management (downlineManagmentView)',
    moduleId: 'AGENT3',
    access: 'agent',
    inferred: true,
    query: Type.Object(
      { ...pageQuery, ...accountFilter, parent: Type.Optional(Type.String({ maxLength: 64 })) },
      { examples: [{ pageNo: 1, pageSize: 20 }] },
    ),
    value: Page(DownlineSchema),
  }),
  getTeamBetting: op({
    operationId: 'getTeamBetting',
    method: 'GET',
    path: '/wps/agent/team/betting',
    area: 'agent',
    summary: 'Team betting records (personalHistoryCopy for the team)',
    moduleId: 'AGENT3',
    access: 'agent',
    inferred: true,
    query: Type.Object({ ...pageQuery, ...accountFilter }, { examples: [{ pageNo: 1 }] }),
    value: Page(BetRecordSchema),
  }),
  getTeamProfitLoss: op({
    operationId: 'getTeamProfitLoss',
    method: 'GET',
    path: '/wps/agent/team/profit',
    area: 'agent',
    summary: 'User profit and loss (palStatementsAgentCopy)',
    moduleId: 'AGENT3',
    access: 'agent',
    inferred: true,
    query: Type.Object({ ...pageQuery, ...accountFilter }, { examples: [{ pageNo: 1 }] }),
    value: Page(
      Type.Object({
        account: Type.String(),
        deposit: Money(),
        withdraw: Money(),
        validBet: Money(),
        win: Money(),
        bonus: Money(),
        profit: Money(),
      }),
    ),
  }),
  getAgentRevenue: op({
    operationId: 'getAgentRevenue',
    method: 'GET',
    path: '/wps/agent/revenue',
    area: 'agent',
    summary: 'My income (agentRevenueReport)',
    moduleId: 'AGENT3',
    access: 'agent',
    inferred: true,
    query: Type.Object(pageQuery, { examples: [{ pageNo: 1 }] }),
    value: Type.Object({
      total: Money(),
      rows: Type.Array(Type.Object({ day: Type.String(), commission: Money(), dividend: Money(), salary: Money() })),
    }),
  }),
  getDownlineTransactions: op({
    operationId: 'getDownlineTransactions',
    method: 'GET',
    path: '/wps/agent/team/transactions',
    area: 'agent',
    summary: 'Transaction details of the team (agentDownlineTransactionDetailsCopy)',
    moduleId: 'AGENT3',
    access: 'agent',
    inferred: true,
    query: Type.Object({ ...pageQuery, ...accountFilter }, { examples: [{ pageNo: 1 }] }),
    value: Page(Type.Composite([TransactionSchema, Type.Object({ account: Type.String() })])),
  }),
  getConsolidatedContractSettings: op({
    operationId: 'getConsolidatedContractSettings',
    method: 'GET',
    path: '/wps/agent/contract/settings',
    area: 'agent',
    summary: 'Consolidated contract settings: dailysalreqtype, divtypereq, contracthoursalreq, realtimesalreqtype',
    moduleId: 'AGENT3',
    access: 'agent',
    inferred: true,
    value: Type.Object({
      dailysalreqtype: Type.Integer(),
      divtypereq: Type.Integer(),
      contracthoursalreq: Type.Integer(),
      realtimesalreqtype: Type.Integer(),
    }),
  }),
  getDividendContracts: op({
    operationId: 'getDividendContracts',
    method: 'GET',
    path: '/wps/agent/contract/dividend',
    area: 'agent',
    summary: 'Dividend contracts and records (agentDividendRecordCopy2; DIVIDEND3)',
    moduleId: 'DIVIDEND3',
    access: 'agent',
    inferred: true,
    value: contractList('dividend'),
  }),
  requestDividend: op({
    operationId: 'requestDividend',
    method: 'POST',
    path: '/wps/agent/contract/dividend/request',
    area: 'agent',
    summary: 'Offer a dividend contract to a downline (the dividend request)',
    moduleId: 'DIVIDEND3',
    access: 'agent',
    inferred: true,
    body: Type.Object(
      {
        account: Type.String({ minLength: 1, maxLength: 64 }),
        rate: Type.Number({ minimum: 0, maximum: 100 }),
        activeMembers: Type.Optional(Type.Integer({ minimum: 0 })),
        periodValidBet: Type.Optional(Type.Number({ minimum: 0 })),
        periodPnl: Type.Optional(Type.Number()),
      },
      { examples: [{ account: 'agent02', rate: 10, activeMembers: 5, periodValidBet: 10000 }] },
    ),
    value: Type.Object({ contract: ContractSchema, terminatedDownlines: Type.Array(Type.String()) }),
  }),
  getDailySalaryContracts: op({
    operationId: 'getDailySalaryContracts',
    method: 'GET',
    path: '/wps/agent/contract/dailySalary',
    area: 'agent',
    summary: 'Daily salary contracts (agentDailyWages2; DAILYSALARY3)',
    moduleId: 'DAILYSALARY3',
    access: 'agent',
    inferred: true,
    value: contractList('daily salary'),
  }),
  getHourSalaryContracts: op({
    operationId: 'getHourSalaryContracts',
    method: 'GET',
    path: '/wps/agent/contract/hourSalary',
    area: 'agent',
    summary: 'Hourly salary contracts (agentHourSalary; HOURSALARY3)',
    moduleId: 'HOURSALARY3',
    access: 'agent',
    inferred: true,
    value: contractList('hourly salary'),
  }),
  getRealtimeSalaryContracts: op({
    operationId: 'getRealtimeSalaryContracts',
    method: 'GET',
    path: '/wps/agent/contract/realtimeSalary',
    area: 'agent',
    summary: 'Real-time salary contracts, settled every 5 minutes (agentRealtimeSalary; REALTIMESALARY3)',
    moduleId: 'REALTIMESALARY3',
    access: 'agent',
    inferred: true,
    value: contractList('real-time salary'),
  }),
  contractAction: op({
    operationId: 'contractAction',
    method: 'POST',
    path: '/wps/agent/contract/action',
    area: 'agent',
    summary: 'Accept, reject or terminate a contract',
    moduleId: 'AGENT3',
    access: 'agent',
    inferred: true,
    body: Type.Object(
      {
        id: Type.Integer({ minimum: 1 }),
        action: Type.Union([Type.Literal('Accept'), Type.Literal('Reject'), Type.Literal('Terminate')]),
      },
      { examples: [{ id: 1, action: 'Terminate' }] },
    ),
    value: ContractSchema,
  }),
} as const;
