/**
 * Durable worlds (`--state DIR`, docs/decisions/010-durable-worlds.md): every request that may have
 * changed its world commits it before its reply is sent (server/durability.ts), and every loaded
 * world is saved whole when the app closes. Without a state directory it adds nothing to a request.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { installDurability } from '../durability';

/** The world a request acts on and its name. */
const worldOf = (request: FastifyRequest) => ({ name: request.worldName, sim: request.sim });

const plugin: FastifyPluginAsync = async (app) => {
  const state = app.stateDir;
  installDurability(app, { persistence: state?.persistence, worldOf, goneHow: (sim) => app.worlds.goneHow(sim) });
  if (!state) return;
  app.addHook('onClose', (_app, done) => {
    try {
      app.worlds.saveAll();
    } catch (err) {
      console.error(err instanceof Error ? err.message : err);
    }
    state.close();
    done();
  });
};

/** After world selection (the world is known), before the clock (a read's mark is taken before salaries are paid). */
export const durability = fp(plugin, {
  fastify: '5.x',
  name: 'durability',
  dependencies: ['request-pipeline', 'world-selection'],
  decorators: { fastify: ['requestPipeline', 'worlds', 'stateDir'], request: ['sim', 'worldName'] },
});
