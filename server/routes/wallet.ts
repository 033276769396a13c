/** wallet routes: not written yet. */
import type { FastifyInstance } from 'fastify';

export async function walletRoutes(_app: FastifyInstance): Promise<void> {}
