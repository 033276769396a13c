/**
 * The journal's control routes (issue 14): list, clear, verify and the live stream of the calls one
 * simulator answered. Handlers of server/control/routes.ts's table; the journal itself is
 * server/sim/journal.ts, written by server/journal-hooks.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operations } from '../../openapi/operations';
import { ApiError, badRequest } from '../errors';
import { maskedMatcherFields, type Journal, type JournalEvent } from '../sim/journal';
import type { Sim } from '../sim/state';
import { ControlErrorCode, type ControlBody, type ControlQuery, type ControlValue } from './contract';

/** How often an idle stream sends a comment, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 15_000;
/** A client this far behind is dropped; EventSource reconnects with Last-Event-ID and catches up. */
const MAX_BUFFERED = 1024 * 1024;

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

// Open streams per control-routes instance, ended when the app closes (server.close() waits for
// every open connection, so a live stream would hold app.close() forever).
const openStreams = new WeakMap<FastifyInstance, Set<() => void>>();

/** Ends every live stream of this instance; the control plugin calls it on preClose. */
export function endStreams(app: FastifyInstance): void {
  for (const end of [...(openStreams.get(app) ?? [])]) end();
}

function stream(journal: Journal, since: number | undefined, request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  const res = reply.raw;
  const socket = request.raw.socket;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // The socket goes with the stream: an ended stream's connection is not left for reuse, where it
    // would hold server.close() until the client's keep-alive timeout.
    connection: 'close',
    // nginx and similar proxies would otherwise hold events back.
    'x-accel-buffering': 'no',
  });
  const streams = openStreams.get(request.server) ?? new Set<() => void>();
  openStreams.set(request.server, streams);
  let ended = false;
  const send = (event: JournalEvent) => {
    if (ended) return;
    if (res.writableLength > MAX_BUFFERED) return end();
    if (event.type === 'entry') res.write(`id: ${event.id}\nevent: entry\ndata: ${event.json}\n\n`);
    else res.write('event: clear\ndata: {}\n\n');
  };
  const unsubscribe = journal.subscribe(send);
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  function end(): void {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    streams.delete(end);
    if (!res.writableEnded) res.end();
    // Once written out, the socket goes too: a client that went away may never close its side, and
    // server.close() would wait for it.
    socket.destroySoon();
  }
  streams.add(end);
  res.on('close', end);
  // The reconnect delay EventSource should use, then the entries the client has not seen yet.
  res.write('retry: 2000\n\n');
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

  streamJournal: ({ sim, query, request, reply }: Ctx<ControlQuery<'streamJournal'>, unknown>): ControlValue<'streamJournal'> => {
    const journal = journalOf(sim);
    const lastEventId = request.headers['last-event-id'];
    const resume = typeof lastEventId === 'string' && /^\d+$/.test(lastEventId) ? Number(lastEventId) : undefined;
    // On a reconnect EventSource sends the last id it saw: that is newer than the URL's since.
    stream(journal, resume ?? query.since, request, reply);
    return null;
  },
};
