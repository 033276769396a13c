/**
 * Fault and latency injection of the control API (server/control/faults.ts): calls that match a
 * fault set through /__sim are delayed, failed or dropped before their route's own hooks run.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { installFaultHook } from '../control/faults';

const plugin: FastifyPluginAsync = async (app) => {
  installFaultHook(app);
};

/** After the journal, so a call's journaled duration counts the delay injected into it. */
export const faultInjection = fp(plugin, {
  fastify: '5.x',
  name: 'fault-injection',
  dependencies: ['request-pipeline', 'world-selection', 'journal'],
  decorators: { fastify: ['requestPipeline'], request: ['sim', 'journalPending', 'simInjected'] },
});
