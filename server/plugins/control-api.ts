/**
 * The QA control API under /__sim (simulator mode only; server/control/routes.ts), in its own scope
 * with live events on the same instance, so open pages follow changes made through it.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { CONTROL_PREFIX } from '../control/contract';
import { controlRoutes } from '../control/routes';
import { liveEvents } from './live-events';

const plugin: FastifyPluginAsync = async (app) => {
  await app.register(
    async (scope: FastifyInstance) => {
      await scope.register(liveEvents);
      await controlRoutes(scope);
    },
    { prefix: CONTROL_PREFIX },
  );
};

export const controlApi = fp(plugin, {
  fastify: '5.x',
  name: 'control-api',
  dependencies: ['world-selection', 'error-envelope', 'journal', 'fault-injection'],
  decorators: { fastify: ['worlds'], request: ['sim', 'worldName'] },
});
