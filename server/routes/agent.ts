/**
 * Agent routes: the agent centre. Access 'agent' refuses other accounts with 403
 * 'Non-agents cannot log in' before any handler runs; the logic lives in server/sim/agent/.
 */
import type { FastifyInstance } from 'fastify';
import { agentOps } from '../../openapi/agent';
import { registerArea } from '../contract';
import * as agent from '../sim/agent';

/** Agent centre routes plugin. */
export async function agentRoutes(app: FastifyInstance): Promise<void> {
  registerArea(app, agentOps, {
    getAgentAnnouncements: ({ sim, language }) => agent.announcements(sim, language),
    getTeamOverview: ({ sim, me }) => agent.teamOverview(sim, me()),
    registerDownline: ({ sim, me, body }) => agent.registerDownline(sim, me(), body),
    getDownlines: ({ sim, me, query }) => agent.downlines(sim, me(), query),
    getTeamBetting: ({ sim, me, query }) => agent.teamBetting(sim, me(), query),
    getTeamProfitLoss: ({ sim, me, query }) => agent.teamProfitLoss(sim, me(), query),
    getAgentRevenue: ({ sim, me, query }) => agent.revenue(sim, me(), query),
    getDownlineTransactions: ({ sim, me, query }) => agent.teamTransactions(sim, me(), query),
    getConsolidatedContractSettings: ({ sim }) => agent.contractSettings(sim),
    getDividendContracts: ({ sim, me }) => agent.contractsOf(sim, me(), 'dividend'),
    requestDividend: ({ sim, me, body }) => agent.requestDividend(sim, me(), body),
    getDailySalaryContracts: ({ sim, me }) => agent.contractsOf(sim, me(), 'dailySalary'),
    getHourSalaryContracts: ({ sim, me }) => agent.contractsOf(sim, me(), 'hourSalary'),
    getRealtimeSalaryContracts: ({ sim, me }) => agent.contractsOf(sim, me(), 'realtimeSalary'),
    contractAction: ({ sim, me, body }) => agent.contractAction(sim, me(), body),
  });
}
