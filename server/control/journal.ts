/**
 * The journal's control routes: list, clear, verify and the live stream of the calls one
 * simulator answered. Handlers of server/control/routes.ts's table; the journal itself is
 * server/sim/journal.ts, written by server/journal-hooks.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { operations } from '../../openapi/operations';
import { ApiError, badRequest } from '../errors';
import { maskedMatcherFields, type Journal, type JournalEvent } from '../sim/journal';
import { rewind, rewindProblem } from '../sim/rewind';
import type { Sim } from '../sim/state';
import { openEventStream } from './sse';
import { ControlErrorCode, type ControlBody, type ControlQuery, type ControlValue } from './contract';

function journalOf(sim: Sim): Journal {
  if (!sim.journal.enabled) {
    throw new ApiError(409, ControlErrorCode.journalOff, 'The journal is off: start the simulator without --journal off');
  }
  return sim.journal;
}

function checkOperationId(operationId: string | undefined, field: string): void {
  if (operationId !== undefined && !Object.hasOwn(operations, operationId)) {
    throw badRequest(`Unknown operationId "${operationId}" (see openapi/openapi.json)`, field);
  }
}

/**
 * The journal of the request's world, live. The stream follows the world by name, not the journal it
 * opened on: when the name comes to stand for another world (imported over it, or deleted and made
 * again by a later call) the stream sends `clear` (the journal it showed is gone) and then that
 * world's journal, its entries so far and every new one; a deleted world's stream is cleared and
 * stays quiet until a call makes the world again.
 */
function stream(journal: Journal, since: number | undefined, request: FastifyRequest, reply: FastifyReply): void {
  const world = request.worldName;
  const events = openEventStream(request, reply, 2000);
  const send = (event: JournalEvent) =>
    events.write(event.type === 'entry' ? `id: ${event.id}\nevent: entry\ndata: ${event.json}\n\n` : 'event: clear\ndata: {}\n\n');
  let following: Journal | undefined = journal;
  let unsubscribe = journal.subscribe(send);
  const unwatch = request.server.worlds.watch((name, sim) => {
    if (name !== world || sim?.journal === following) return;
    // Once cleared, a deleted world's stream has nothing to clear when the world is made again.
    if (following) send({ type: 'clear' });
    unsubscribe();
    following = sim?.journal;
    unsubscribe = following?.subscribe(send) ?? (() => false);
    if (following) for (const { id, json } of following.after(0)) send({ type: 'entry', id, json });
  });
  events.onEnd(() => {
    unwatch();
    unsubscribe();
  });
  // The entries the client has not seen yet.
  if (since !== undefined) for (const { id, json } of journal.after(since)) send({ type: 'entry', id, json });
}

interface Ctx<Q, B> {
  sim: Sim;
  query: Q;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
}

export const journalHandlers = {
  getJournal: ({ sim, query }: Ctx<ControlQuery<'getJournal'>, unknown>): ControlValue<'getJournal'> => {
    checkOperationId(query.operationId, 'query/operationId');
    return journalOf(sim).list(query);
  },

  clearJournal: ({ sim }: Ctx<unknown, unknown>): ControlValue<'clearJournal'> => ({ removed: sim.journal.clear() }),

  verifyJournal: ({ sim, body }: Ctx<unknown, ControlBody<'verifyJournal'>>): ControlValue<'verifyJournal'> => {
    const given = (['count', 'atLeast', 'atMost'] as const).filter((k) => body[k] !== undefined);
    if (given.length > 1) {
      throw badRequest(`Give at most one of count, atLeast and atMost (got ${given.join(' and ')})`, `body/${given[1]}`);
    }
    checkOperationId(body.operationId, 'body/operationId');
    const masked = maskedMatcherFields(body.body);
    if (masked[0]) {
      throw badRequest(`${masked[0]} is masked in the journal ("***"): leave it out of the matcher`, masked[0]);
    }
    return journalOf(sim).verify(body);
  },

  rewind: ({ sim, body }: Ctx<unknown, ControlBody<'rewind'>>): ControlValue<'rewind'> => {
    journalOf(sim);
    const problem = rewindProblem(sim, body.before);
    if (problem) throw badRequest(problem, 'body/before');
    return rewind(sim, body.before);
  },

  streamJournal: ({ sim, query, request, reply }: Ctx<ControlQuery<'streamJournal'>, unknown>): ControlValue<'streamJournal'> => {
    const journal = journalOf(sim);
    const lastEventId = request.headers['last-event-id'];
    const resume = typeof lastEventId === 'string' && /^\d+$/.test(lastEventId) ? Number(lastEventId) : undefined;
    // On a reconnect EventSource sends the last id it saw: that is newer than the URL's since.
    stream(journal, resume ?? query.since, request, reply);
    return null;
  },
};
