/**
 * Open pages follow the world live (server/control/events.ts): a control call that changed something
 * and succeeded sends the world's new state to that world's event streams, whoever made the call.
 * Register it in the control API's own scope, with the control routes on that same instance: the
 * streams are kept by it, and ended when the app closes (app.close() would otherwise wait for them).
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { publishState } from '../control/events';
import { controlState } from '../control/routes';
import { endStreams } from '../control/sse';

/** Control calls that are not GET but change nothing a page shows. */
const READ_ONLY_POSTS: ReadonlySet<string> = new Set(['verifyJournal', 'clearJournal', 'takeSnapshot']);

const plugin: FastifyPluginAsync = async (app) => {
  app.addHook('preClose', (done) => {
    endStreams(app);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method !== 'GET' && reply.statusCode < 300) {
      const id = (request.routeOptions.config as { controlOperationId?: string } | undefined)?.controlOperationId;
      if (id && !READ_ONLY_POSTS.has(id)) publishState(app, request.worldName, controlState(request.sim, request));
    }
    done();
  });
};

export const liveEvents = fp(plugin, { fastify: '5.x', name: 'live-events', dependencies: ['world-selection'], decorators: { request: ['sim', 'worldName'] } });
