/**
 * One Server-Sent Events stream of the control API (the journal's and the world events'): the
 * request hijacked into text/event-stream, a heartbeat comment so proxies keep it open, and an end
 * that unsubscribes, closes the response and lets the socket go. Every open stream of an app is
 * ended when the app closes (server.close() would otherwise wait for its connection).
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How often an idle stream sends a comment, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 15_000;
/** A client this far behind is dropped; EventSource reconnects (with Last-Event-ID) and catches up. */
const MAX_BUFFERED = 1024 * 1024;

const openStreams = new WeakMap<FastifyInstance, Set<() => void>>();

export interface EventStream {
  /** Writes one event (or comment) block; a stream that ended or fell too far behind ends instead. */
  write(block: string): void;
  /** Runs when the stream ends, whoever ends it (the client, the app closing, a slow reader). */
  onEnd(cleanup: () => void): void;
}

/** Ends every open stream of this app (the control plugin calls it on preClose). */
export function endStreams(app: FastifyInstance): void {
  for (const end of [...(openStreams.get(app) ?? [])]) end();
}

export function openEventStream(request: FastifyRequest, reply: FastifyReply, retryMs: number): EventStream {
  // The headers the pipeline has set on the reply so far (the security headers) go out with the
  // stream's own: a hijacked reply is written here, not by Fastify.
  const pipelineHeaders = reply.getHeaders() as OutgoingHttpHeaders;
  reply.hijack();
  const res = reply.raw;
  const socket = request.raw.socket;
  res.writeHead(200, {
    ...pipelineHeaders,
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
  const cleanups: (() => void)[] = [];
  let ended = false;
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  function end(): void {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    for (const cleanup of cleanups) cleanup();
    streams.delete(end);
    if (!res.writableEnded) res.end();
    // Once written out, the socket goes too: a client that went away may never close its side, and
    // server.close() would wait for it.
    socket.destroySoon();
  }
  streams.add(end);
  res.on('close', end);
  // The reconnect delay EventSource should use.
  res.write(`retry: ${retryMs}\n\n`);
  return {
    write(block) {
      if (ended) return;
      if (res.writableLength > MAX_BUFFERED) return end();
      res.write(block);
    },
    onEnd(cleanup) {
      cleanups.push(cleanup);
    },
  };
}
