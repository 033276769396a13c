/**
 * Makes a world's changes durable before the reply that reports them is sent
 * (docs/decisions/010-durable-worlds.md): an `onSend` hook commits the world of every call that may
 * have changed it, and answers 503 with the envelope when the change cannot be written, so a 2xx
 * reply is never lost.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { capturePerLoad } from './sim/registry';
import { PersistenceError, type WorldPersistence } from './sim/persistence';
import type { Sim } from './sim/state';

/** errorCode of a reply whose change could not be saved. */
export const STATE_UNWRITABLE = 'sim.state.unwritable';

declare module 'fastify' {
  interface FastifyRequest {
    /** changeMark of the request's world when it came in (GET and HEAD only). */
    simMark: string | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a read can change, cheaply: a salary paid or a session expired on the clock, a captcha or a
 * launch ticket issued, a module's state made on first use. A read that changes none of these
 * changes nothing (no read edits records in place), so it skips the commit and its serialising.
 */
export function changeMark(sim: Sim): string {
  // The ledger's counters are private; they are read here only to notice a posting.
  const ledger = sim.ledger as unknown as { nextTx: number; nextBet: number };
  return [
    sim.loadedAt,
    sim.accounts.size,
    sim.sessions.size,
    ledger.nextTx,
    ledger.nextBet,
    sim.captcha.lastId,
    sim.sms.outbox.length,
    sim.clock.offset,
    capturePerLoad(sim).size,
  ].join('|');
}

export interface DurabilityOptions {
  persistence: WorldPersistence;
  /** The world a request acts on and its name (one global world until worlds arrive). */
  worldOf: (request: FastifyRequest) => { name: string; sim: Sim };
}

/** Install the commit hook. Register it before compression, so a refusal replaces the plain reply. */
export function installDurability(app: FastifyInstance, { persistence, worldOf }: DurabilityOptions): void {
  app.decorateRequest('simMark', null);
  // Taken before the app's own onRequest hooks (salary settlement) run.
  app.addHook('onRequest', (request, _reply, done) => {
    request.simMark = READS.has(request.method) ? changeMark(worldOf(request).sim) : null;
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const { name, sim } = worldOf(request);
    if (request.simMark !== null && request.simMark === changeMark(sim)) {
      done(null, payload);
      return;
    }
    try {
      persistence.commit(name, sim);
      done(null, payload);
    } catch (err) {
      const path = err instanceof PersistenceError ? err.path : 'the state directory';
      request.log.error({ err, path }, 'world change not saved');
      console.error(`World "${name}": a change could not be saved to ${path}: ${err instanceof Error ? err.message : String(err)}`);
      // A refusal already says the call failed; only a success must not claim what is not durable.
      if (reply.statusCode >= 400) {
        done(null, payload);
        return;
      }
      // The change stays in memory and is written with the next commit that succeeds; until then the
      // caller knows it is not durable.
      reply.code(503).type('application/json; charset=utf-8');
      reply.removeHeader('content-length');
      const message = err instanceof Error ? err.message : 'The change could not be saved';
      done(null, JSON.stringify({ success: false, errorCode: STATE_UNWRITABLE, message }));
    }
  });
}
