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
 * An event id of the journal stream: the journal's identity (Journal.epoch) and the entry's id, so a
 * reconnect tells an id of this journal from one of a journal since replaced.
 */
export const eventId = (journal: Journal, id: number) => `${journal.epoch}:${id}`;

/** The journal identity and entry id of a stream's event id, or undefined when it is not one. */
export function parseEventId(text: string): { epoch: string; id: number } | undefined {
  const match = /^([A-Za-z0-9_-]{1,32}):(\d{1,15})$/.exec(text);
  return match ? { epoch: match[1] as string, id: Number(match[2]) } : undefined;
}

/**
 * The journal of the request's world, live. The stream follows the world by name, not the journal it
 * opened on: when the name comes to stand for another world (imported over it, or deleted and made
 * again by a later call) the stream sends `clear` (the journal it showed is gone) and then that
 * world's journal, its entries so far and every new one; a deleted world's stream is cleared and
 * stays quiet until a call makes the world again.
 *
 * Every event id names the journal with the entry (eventId), and the stream starts with an id of
 * its own (a block with no event: EventSource keeps it as the last id), the newest entry it showed
 * or the journal's position, so a client that reconnects before any entry came resumes from there.
 * `since` replays the entries after that id; `clearFirst` (a reconnect from another journal) sends
 * `clear` before them.
 */
function stream(journal: Journal, since: number | undefined, clearFirst: boolean, request: FastifyRequest, reply: FastifyReply): void {
  const world = request.worldName;
  const events = openEventStream(request, reply, 2000);
  let following: Journal | undefined = journal;
  const send = (event: JournalEvent) => {
    if (event.type === 'clear') events.write('event: clear\ndata: {}\n\n');
    else if (following) events.write(`id: ${eventId(following, event.id)}\nevent: entry\ndata: ${event.json}\n\n`);
  };
  /** The entries of `from` after `after`, then its position as the last event id when none was sent. */
  const replay = (from: Journal, after: number | undefined) => {
    let newest: number | undefined;
    if (after !== undefined) {
      for (const { id, json } of from.after(after)) {
        send({ type: 'entry', id, json });
        newest = id;
      }
    }
    if (newest === undefined) events.write(`id: ${eventId(from, Math.min(after ?? Infinity, from.nextEntryId - 1))}\n\n`);
  };
  let unsubscribe = journal.subscribe(send);
  const unwatch = request.server.worlds.watch((name, sim) => {
    if (name !== world || sim?.journal === following) return;
    // Once cleared, a deleted world's stream has nothing to clear when the world is made again.
    if (following) send({ type: 'clear' });
    unsubscribe();
    following = sim?.journal;
    unsubscribe = following?.subscribe(send) ?? (() => false);
    if (following) replay(following, 0);
  });
  events.onEnd(() => {
    unwatch();
    unsubscribe();
  });
  if (clearFirst) send({ type: 'clear' });
  // The entries the client has not seen yet.
  replay(journal, since);
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
    // On a reconnect EventSource sends the last id it saw: that is newer than the URL's since. An id
    // of another journal (the world replaced, the server restarted) says nothing of this one, whose
    // ids may run the same numbers: the client's view is cleared and this journal sent from its start.
    if (typeof lastEventId === 'string' && lastEventId !== '') {
      const resume = parseEventId(lastEventId);
      if (resume?.epoch === journal.epoch) stream(journal, resume.id, false, request, reply);
      else stream(journal, 0, true, request, reply);
    } else {
      stream(journal, query.since, false, request, reply);
    }
    return null;
  },
};
