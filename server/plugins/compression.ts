/**
 * gzip or brotli (quality 4, the plugin's default) for the web app's files and every JSON reply over
 * 1 KB, when the client asks for it: the initial JavaScript goes over the wire at about a third of
 * its size (docs/benchmarks.md).
 *
 * @fastify/compress puts its onSend hook on every route; this plugin puts a gate in front of it that
 * lets through at once the replies the library would leave as they are (docs/decisions/034-request-path-cost.md):
 * a client that sends no Accept-Encoding, and a text or byte reply under the 1 KB threshold. Every
 * other reply (streams, large replies of a client that asks) goes through the library unchanged.
 */
import compress from '@fastify/compress';
import type { FastifyPluginAsync, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/** Replies smaller than this (in bytes) are never compressed. */
export const COMPRESS_THRESHOLD = 1024;
/** The encodings offered, preferred first when a client takes both with the same weight (brotli is the smaller). */
export const COMPRESS_ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

/** Whether the library would send this payload as it is: nothing asked for, or under the threshold. */
function leftAsIs(acceptEncoding: string | string[] | undefined, payload: unknown): boolean {
  if (acceptEncoding === undefined) return true;
  if (typeof payload === 'string') return payload.length * 3 < COMPRESS_THRESHOLD || Buffer.byteLength(payload) < COMPRESS_THRESHOLD;
  return Buffer.isBuffer(payload) && payload.length < COMPRESS_THRESHOLD;
}

function gated(onSend: onSendHookHandler): onSendHookHandler {
  return function (this: unknown, request, reply, payload, done) {
    if (leftAsIs(request.headers['accept-encoding'], payload)) {
      done(null, payload);
      return;
    }
    return onSend.call(this as never, request, reply, payload, done);
  } as onSendHookHandler;
}

const plugin: FastifyPluginAsync = async (app) => {
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: COMPRESS_ENCODINGS });
  // Runs after the library's own onRoute hook (added just above), which has just pushed its onSend
  // onto the route: that last one is wrapped. A library that no longer does so fails at start.
  app.addHook('onRoute', (route) => {
    if (route.compress === false) return;
    const hooks = route.onSend;
    const list = Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
    const last = list.at(-1);
    if (typeof last !== 'function' || last.name !== 'onSend') {
      throw new Error(`compression: @fastify/compress added no onSend hook to ${String(route.method)} ${route.url}`);
    }
    list[list.length - 1] = gated(last as onSendHookHandler);
    route.onSend = list as typeof route.onSend;
  });
};

/** After durability: a refusal it writes replaces the plain reply before it is compressed. */
export const compression = fp(plugin, { fastify: '5.x', name: 'compression', dependencies: ['durability'] });
