/**
 * The world's clock moves with the calls (docs/decisions/022-request-pipeline-plugins.md): the
 * simulator keeps no timers, so before a call reads or moves anything, what has expired goes
 * (sessions, guests, SMS codes, locks, captchas, tickets: at most one sweep a simulated minute) and
 * salary periods that have ended are paid (server/sim/agent/salary.ts; a no-op until one is due).
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { settleSalaries } from '../sim/agent';

const plugin: FastifyPluginAsync = async (app) => {
  app.requestPipeline.onRequest('clock', (request) => {
    request.sim.tick();
    settleSalaries(request.sim);
  });
};

/**
 * After durability (a read's change mark is taken before salaries are paid), security headers and
 * compression (a refusal raised here still carries every header).
 */
export const clock = fp(plugin, {
  fastify: '5.x',
  name: 'clock',
  dependencies: ['request-pipeline', 'world-selection', 'durability', 'security-headers', 'compression'],
  decorators: { fastify: ['requestPipeline'], request: ['sim'] },
});
