/** points routes: not written yet. */
import type { FastifyInstance } from 'fastify';

export async function pointsRoutes(_app: FastifyInstance): Promise<void> {}
