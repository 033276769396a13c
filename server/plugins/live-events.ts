/**
 * Open pages follow the world live (server/control/events.ts): a control call that changed something
 * and succeeded sends the world's new state to that world's event streams, whoever made the call.
 * A stream follows its world by name: when the name comes to stand for another world (imported over,
 * deleted, created, made again by a later call) its streams are sent the state of the world it
 * names now, whoever caused it. Register it in the control API's own scope, with the control routes
 * on that same instance: the streams are kept by it, and ended when the app closes (app.close()
 * would otherwise wait for them).
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { isFollowed, publishState } from '../control/events';
import { controlState } from '../control/routes';
import { endStreams } from '../control/sse';

/** Control calls that are not GET but change nothing a page shows. */
const READ_ONLY_POSTS: ReadonlySet<string> = new Set(['verifyJournal', 'clearJournal', 'takeSnapshot']);

/**
 * World management: these act on the world their path or body names, never on the caller's (its
 * header or cookie). What they change reaches the named world's streams through the worlds' watch.
 */
const NAMED_WORLD_CALLS: ReadonlySet<string> = new Set(['createWorld', 'deleteWorld', 'importWorld', 'importNamedWorld']);

const plugin: FastifyPluginAsync = async (app) => {
  const worlds = app.worlds;
  // Whenever a name comes to stand for another world, its streams are sent that world's state. A
  // removed world's streams are sent the state of the world the tab's next call will find: a fresh
  // one of that name in the start scenario (as a call naming a missing world makes it), so a page
  // leaves a status page the removed world showed and the bar shows the world it is in now. The
  // default world, deleted, is reset in place: its streams get its reset state.
  const unwatch = worlds.watch((name, sim) => {
    if (isFollowed(app, name)) publishState(app, name, controlState(sim ?? worlds.fresh(), { worldName: name, server: app }));
  });
  app.addHook('onClose', (_app, done) => {
    unwatch();
    done();
  });
  app.addHook('preClose', (done) => {
    endStreams(app);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method !== 'GET' && reply.statusCode < 300) {
      const id = (request.routeOptions.config as { controlOperationId?: string } | undefined)?.controlOperationId;
      if (id && !READ_ONLY_POSTS.has(id) && !NAMED_WORLD_CALLS.has(id)) publishState(app, request.worldName, controlState(request.sim, request));
    }
    done();
  });
};

export const liveEvents = fp(plugin, {
  fastify: '5.x',
  name: 'live-events',
  dependencies: ['world-selection'],
  decorators: { fastify: ['worlds'], request: ['sim', 'worldName'] },
});
