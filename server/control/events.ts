/**
 * Live following for open pages (issue 17 item 10): `GET /__sim/events` is one Server-Sent Events
 * stream per tab that says, within the second, when a world's control state changed, whoever
 * changed it (the CLI, the control API, another tab). Every control call that changes something and
 * succeeds sends the world's new state to that world's streams; the sandbox bar turns it into a
 * status page shown or left, the app's data fetched again after a scenario switch, and flags applied.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimState } from './contract';

/** How often an idle stream sends a comment, so proxies and browsers keep it open. */
const HEARTBEAT_MS = 15_000;

type Listener = (state: SimState) => void;

/** Streams by control-plugin instance, then by world name. */
const listeners = new WeakMap<FastifyInstance, Map<string, Set<Listener>>>();
const enders = new WeakMap<FastifyInstance, Set<() => void>>();

function worldListeners(app: FastifyInstance, world: string): Set<Listener> {
  const byWorld = listeners.get(app) ?? new Map<string, Set<Listener>>();
  listeners.set(app, byWorld);
  const set = byWorld.get(world) ?? new Set<Listener>();
  byWorld.set(world, set);
  return set;
}

/** Send a world's new state to every stream following it. */
export function publishState(app: FastifyInstance, world: string, state: SimState): void {
  for (const listener of [...(listeners.get(app)?.get(world) ?? [])]) listener(state);
}

/** Ends every live events stream of this instance (the control plugin calls it on preClose). */
export function endEventStreams(app: FastifyInstance): void {
  for (const end of [...(enders.get(app) ?? [])]) end();
}

/** Hold the request open as an event stream of `state` events, starting with the current state. */
export function streamEvents(request: FastifyRequest, reply: FastifyReply, current: SimState): void {
  const app = request.server;
  const world = request.worldName;
  reply.hijack();
  const res = reply.raw;
  const socket = request.raw.socket;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'close',
    'x-accel-buffering': 'no',
  });
  let ended = false;
  const send: Listener = (state) => {
    if (!ended) res.write(`event: state\ndata: ${JSON.stringify(state)}\n\n`);
  };
  const mine = worldListeners(app, world);
  mine.add(send);
  const all = enders.get(app) ?? new Set<() => void>();
  enders.set(app, all);
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  function end(): void {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    mine.delete(send);
    if (mine.size === 0) listeners.get(app)?.delete(world);
    all.delete(end);
    if (!res.writableEnded) res.end();
    socket.destroySoon();
  }
  all.add(end);
  res.on('close', end);
  res.write('retry: 1000\n\n');
  send(current);
}
