/**
 * The commit point of every request (docs/decisions/021-world-as-data.md): when the reply is about
 * to be sent, the rows the request's world changed (its change set, server/sim/store/table.ts) are
 * written as one SQLite transaction under `--state`, and the change set starts again empty (its
 * before-images kept with the call's journal entry, for rewind). A change that cannot be written answers 503 with the envelope, so a
 * 2xx reply is never lost. A read that changed nothing has an empty change set and costs nothing.
 *
 * Requests of one world run one at a time between their writes and this hook except where a handler
 * awaits (latency injection, the gateway): the change set is the world's, so a commit writes every
 * change made so far, its own and any other call's, before its reply — never fewer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PersistenceError, type WorldPersistence } from './sim/persistence';
import { keepChanges } from './sim/rewind';
import type { Sim } from './sim/state';

/** errorCode of a reply whose change could not be saved. */
export const STATE_UNWRITABLE = 'sim.state.unwritable';

export interface DurabilityOptions {
  /** The state directory's worlds; without one, the change set is only emptied. */
  persistence?: WorldPersistence;
  /** The world a request acts on and its name. */
  worldOf: (request: FastifyRequest) => { name: string; sim: Sim | null };
}

/**
 * Writes the change set of a request's world (under `--state`) and keeps its before-images with the
 * call's journal entry. Throws what the state directory threw; the change then stays in memory and
 * is written with the next commit that succeeds.
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
export function installDurability(app: FastifyInstance, { persistence, worldOf }: DurabilityOptions): void {
  app.requestPipeline.onSend('durability', (request, reply, payload) => {
    const { name, sim } = worldOf(request);
    // A request refused before its world was chosen (the control plane's access check) changed none.
    if (!sim || sim.db.changes.size === 0) return payload;
    try {
      commitChanges(persistence, name, sim, request);
      return payload;
    } catch (err) {
      reportUnsaved(request, name, err);
      // A refusal already says the call failed; only a success must not claim what is not durable.
      if (reply.statusCode >= 400) return payload;
      // The change stays in memory and is written with the next commit that succeeds; until then the
      // caller knows it is not durable.
      reply.code(503).type('application/json; charset=utf-8');
      reply.removeHeader('content-length');
      const message = err instanceof Error ? err.message : 'The change could not be saved';
      return JSON.stringify({ success: false, errorCode: STATE_UNWRITABLE, message });
    }
  });
}
