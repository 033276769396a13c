/**
 * Query keys of the agent centre, under 'me' so logout drops them with the rest of the member's data
 * (api/queries/member.ts).
 */
export const agentKeys = {
  all: ['me', 'agent'] as const,
  team: ['me', 'agent', 'team'] as const,
  reports: ['me', 'agent', 'reports'] as const,
  contracts: ['me', 'agent', 'contracts'] as const,
};
