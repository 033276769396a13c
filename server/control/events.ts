/**
 * Live following for open pages: `GET /__sim/events` is one Server-Sent Events
 * stream per tab that says, within the second, when a world's control state changed, whoever
 * changed it (the CLI, the control API, another tab). Every control call that changes something and
 * succeeds sends the world's new state to that world's streams; the sandbox bar turns it into a
 * status page shown or left, the app's data fetched again after a scenario switch, and flags applied.
 * A stream follows its world by name: when that name comes to stand for another world (imported
 * over, deleted, made again) it is sent that world's state (server/plugins/live-events.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimState } from './contract';
import { openEventStream } from './sse';

type Listener = (state: SimState) => void;

/** Streams by control-plugin instance, then by world name. */
const listeners = new WeakMap<FastifyInstance, Map<string, Set<Listener>>>();

function worldListeners(app: FastifyInstance, world: string): Set<Listener> {
  const byWorld = listeners.get(app) ?? new Map<string, Set<Listener>>();
  listeners.set(app, byWorld);
  const set = byWorld.get(world) ?? new Set<Listener>();
  byWorld.set(world, set);
  return set;
}

/** Whether any stream follows this world (so its state is worth making). */
export function isFollowed(app: FastifyInstance, world: string): boolean {
  return (listeners.get(app)?.get(world)?.size ?? 0) > 0;
}

/** Send a world's new state to every stream following it. */
export function publishState(app: FastifyInstance, world: string, state: SimState): void {
  for (const listener of [...(listeners.get(app)?.get(world) ?? [])]) listener(state);
}

/** Hold the request open as an event stream of `state` events, starting with the current state. */
export function streamEvents(request: FastifyRequest, reply: FastifyReply, current: SimState): void {
  const app = request.server;
  const world = request.worldName;
  const events = openEventStream(request, reply, 1000);
  const send: Listener = (state) => events.write(`event: state\ndata: ${JSON.stringify(state)}\n\n`);
  const mine = worldListeners(app, world);
  mine.add(send);
  events.onEnd(() => {
    mine.delete(send);
    if (mine.size === 0) listeners.get(app)?.delete(world);
  });
  send(current);
}
