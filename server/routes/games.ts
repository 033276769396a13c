/** games routes: not written yet. */
import type { FastifyInstance } from 'fastify';

export async function gamesRoutes(_app: FastifyInstance): Promise<void> {}
