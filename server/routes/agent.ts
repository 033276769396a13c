/** agent routes: not written yet. */
import type { FastifyInstance } from 'fastify';

export async function agentRoutes(_app: FastifyInstance): Promise<void> {}
