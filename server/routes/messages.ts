/** messages routes: not written yet. */
import type { FastifyInstance } from 'fastify';

export async function messagesRoutes(_app: FastifyInstance): Promise<void> {}
