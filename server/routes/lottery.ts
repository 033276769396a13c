/** lottery routes: not written yet. */
import type { FastifyInstance } from 'fastify';

export async function lotteryRoutes(_app: FastifyInstance): Promise<void> {}
