/**
 * The request journal (server/journal-hooks.ts): every call to /wps, /lgw and /lotto goes into its
 * world's journal when the reply is sent. Simulator mode with the control API only; with the journal
 * off (`--journal off`) its hooks return at once.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { installJournal } from '../journal-hooks';

const plugin: FastifyPluginAsync = async (app) => {
  installJournal(app);
};

/**
 * After the clock (an entry's simulated time is the call's) and replay (a replayed call stops before
 * the journal's preHandler, so it is not counted as validated by the route).
 */
export const journal = fp(plugin, {
  fastify: '5.x',
  name: 'journal',
  dependencies: ['request-pipeline', 'world-selection', 'clock', 'replay-mode'],
  decorators: { fastify: ['requestPipeline', 'sim'], request: ['sim'] },
});
