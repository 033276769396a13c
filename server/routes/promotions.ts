/** promotions routes: not written yet. */
import type { FastifyInstance } from 'fastify';

export async function promotionsRoutes(_app: FastifyInstance): Promise<void> {}
