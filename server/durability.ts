/**
 * The commit point of every request (docs/decisions/021-world-as-data.md): when the reply is about
 * to be sent, the rows the request's world changed (its change set, server/sim/store/table.ts) are
 * taken for writing under `--state`, and the change set starts again empty (its before-images kept
 * with the call's journal entry, for rewind). Group commit (docs/decisions/044-group-commit.md): the
 * rows taken by every request that gets here in one turn of the event loop are written as one SQLite
 * transaction at the end of that turn, and each of those replies waits for it. A change that cannot
 * be written answers 503 with the envelope, so a 2xx reply is never lost, and is undone in memory, so
 * a refused call changed nothing (docs/decisions/056-a-refused-write-is-undone.md). A reply that changed
 * nothing costs nothing, unless its world has a write due: then it waits for that write too, so no
 * reply shows a change a crash could still take back.
 *
 * A call whose world was deleted or replaced by an import while it ran (it awaited: injected latency,
 * a body still arriving) acted on a world that is gone, so nothing it changed is kept: when that
 * world's change set is not empty at this step, the call answers 410 `sim.world.removed` instead of
 * a success. A call that changed nothing answers with what it read. The gone world's change set is
 * left as it is, so every later call of that world that gets here is refused too: its reply could
 * show those changes.
 *
 * Requests of one world run one at a time between their writes and this step except where a handler
 * awaits (latency injection, the gateway): the change set is the world's, so a request takes every
 * change made so far, its own and any other call's, before its reply — never fewer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PersistenceError, type WorldPersistence } from './sim/persistence';
import { keepChanges } from './sim/rewind';
import type { Sim } from './sim/state';
import type { WorldGone } from './sim/worlds';

/** errorCode of a reply whose change could not be saved. */
export const STATE_UNWRITABLE = 'sim.state.unwritable';
/** errorCode of a reply whose change was made in a world deleted or replaced while the call ran. */
export const WORLD_REMOVED = 'sim.world.removed';

export interface DurabilityOptions {
  /** The state directory's worlds; without one, the change set is only emptied. */
  persistence?: WorldPersistence;
  /** The world a request acts on and its name. */
  worldOf: (request: FastifyRequest) => { name: string; sim: Sim | null };
  /** How a world went while the call ran (deleted, or replaced by an import), or undefined while its name still holds it. */
  goneHow?: (sim: Sim) => WorldGone | undefined;
}

/**
 * Writes the change set of a request's world (under `--state`) and keeps its before-images with the
 * call's journal entry. Throws what the state directory threw; the change is then undone in memory
 * (unless a call in flight has built on it: then it is written with the next commit that succeeds).
 */
export function commitChanges(persistence: WorldPersistence | undefined, name: string, sim: Sim, request: FastifyRequest): void {
  if (sim.db.changes.size === 0) return;
  persistence?.commit(name, sim);
  // The before-images go with the call's journal entry, for rewind (server/sim/rewind.ts).
  keepChanges(sim, request.journalPending);
}

/** Why a change could not be saved, logged and printed for the server's owner. */
export function reportUnsaved(request: FastifyRequest, name: string, err: unknown): void {
  const path = err instanceof PersistenceError ? err.path : 'the state directory';
  request.log.error({ err, path }, 'world change not saved');
  console.error(`World "${name}": a change could not be saved to ${path}: ${err instanceof Error ? err.message : String(err)}`);
}

/**
 * Adds the commit step to the app's request pipeline (server/plugins/request-pipeline.ts), on onSend.
 * Add it before compression, so a refusal replaces the plain reply.
 */
export function installDurability(app: FastifyInstance, { persistence, worldOf, goneHow }: DurabilityOptions): void {
  app.requestPipeline.onSend('durability', (request, reply, payload) => {
    const { name, sim } = worldOf(request);
    // A request refused before its world was chosen (the control plane's access check) changed none.
    if (!sim) return payload;
    if (sim.db.changes.size === 0) {
      const due = persistence?.pending(name);
      return due ? due.then(() => payload, () => payload) : payload;
    }
    const gone = goneHow?.(sim);
    if (gone) return refuseGone(reply, payload, name, gone);
    if (!persistence) {
      keepChanges(sim, request.journalPending);
      return payload;
    }
    let written: Promise<void>;
    try {
      written = persistence.commitSoon(name, sim);
    } catch (err) {
      return refuse(request, reply, payload, name, err);
    }
    // The before-images go with the call's journal entry, for rewind (server/sim/rewind.ts).
    keepChanges(sim, request.journalPending);
    return written.then(
      () => payload,
      (err: unknown) => refuse(request, reply, payload, name, err),
    );
  });
}

/**
 * The reply of a request whose change could not be written. A refusal already says the call failed;
 * a success must not claim what is not durable: it becomes 503 with the envelope. The state
 * directory has undone the change in memory, so a client that tries the call again does it once.
 */
function refuse(request: FastifyRequest, reply: FastifyReply, payload: unknown, name: string, err: unknown): unknown {
  reportUnsaved(request, name, err);
  if (reply.statusCode >= 400) return payload;
  reply.code(503).type('application/json; charset=utf-8');
  reply.removeHeader('content-length');
  const message = err instanceof Error ? err.message : 'The change could not be saved';
  return JSON.stringify({ success: false, errorCode: STATE_UNWRITABLE, message });
}

/**
 * The reply of a request that changed a world deleted or replaced while it ran: nothing it did is
 * kept, so a success becomes 410 with the envelope (a refusal already says the call failed).
 */
function refuseGone(reply: FastifyReply, payload: unknown, name: string, gone: WorldGone): unknown {
  if (reply.statusCode >= 400) return payload;
  reply.code(410).type('application/json; charset=utf-8');
  reply.removeHeader('content-length');
  const how = gone === 'deleted' ? 'deleted' : 'replaced by an import';
  const message = `World "${name}" was ${how} while this call ran; nothing it did is kept`;
  return JSON.stringify({ success: false, errorCode: WORLD_REMOVED, message });
}
