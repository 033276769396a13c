/**
 * Replay mode (`npm start -- --replay DIR`, server/replay.ts): the calls recorded from a real gateway
 * answer from the recording before their handler runs; the system-status gate, the session and the
 * request's validation have run by then, so maintenance and bad input behave as in the simulator.
 * Decorates the app with `replay` (the recording, or null).
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { installReplay, ReplaySet } from '../replay';

export interface ReplayModeOptions {
  /** The recording's folder, or one already read. */
  replay?: string | ReplaySet;
}

const plugin: FastifyPluginAsync<ReplayModeOptions> = async (app, options) => {
  installReplay(app, typeof options.replay === 'string' ? new ReplaySet(options.replay) : (options.replay ?? null));
};

/** After contract validation: a query refused there is refused in replay mode too. */
export const replayMode = fp(plugin, {
  fastify: '5.x',
  name: 'replay-mode',
  dependencies: ['request-pipeline', 'contract-validation'],
  decorators: { fastify: ['requestPipeline'] },
});
