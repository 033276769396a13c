/**
 * The web app's pages (the plain index.html and the pre-rendered first screens) compressed as the
 * browser asks, brotli or gzip. They are answered by the not-found handler (history mode), which
 * @fastify/compress never sees (it hooks routes only), so without this a pre-rendered page went out
 * whole: 80 KB for `/`, 116 KB for a lobby, the first thing a phone on a slow link waits for.
 *
 * A page changes only when it is rendered again, so each one is compressed once per encoding, off
 * the main thread (zlib's thread pool), and the bytes are kept while the page is current: a page
 * load costs a lookup. The kept set is bounded; an odd page out of it is compressed again.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_ENCODINGS, COMPRESS_THRESHOLD } from './plugins/compression';

type Encoding = (typeof COMPRESS_ENCODINGS)[number];

/** Pages kept compressed: the public routes in each language the brand offers and the plain shell. */
const KEPT_PAGES = 64;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli quality 5: an 80 KB page in about 3 ms to 11.5 KB. The first visitor after a page is
 * rendered waits for it; quality 11 would save another KB for 70-80 ms of that wait.
 */
const BROTLI_QUALITY = 5;

function compress(page: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(page, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page) } })
    : gzipped(page, { level: constants.Z_BEST_COMPRESSION });
}

export class CompressedPages {
  readonly #kept = new Map<string, Map<Encoding, Promise<Buffer>>>();

  /** The page's bytes in `encoding`, compressed on first use. */
  bytes(page: string, encoding: Encoding): Promise<Buffer> {
    let byEncoding = this.#kept.get(page);
    if (!byEncoding) {
      if (this.#kept.size >= KEPT_PAGES) this.#kept.clear();
      byEncoding = new Map();
      this.#kept.set(page, byEncoding);
    }
    let bytes = byEncoding.get(encoding);
    if (!bytes) {
      bytes = compress(page, encoding);
      // A failure is not kept: the next request tries again (and this one goes out uncompressed).
      bytes.catch(() => byEncoding.delete(encoding));
      byEncoding.set(encoding, bytes);
    }
    return bytes;
  }

  /**
   * Send `page` (the caller has set its type and caching), compressed when the request's
   * Accept-Encoding takes brotli or gzip and the page is not under the threshold the API's replies
   * have (counted in characters, about its bytes). Caches are told the reply varies with
   * Accept-Encoding, whichever form this one took.
   */
  async send(request: FastifyRequest, reply: FastifyReply, page: string): Promise<FastifyReply> {
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    const accept = request.headers['accept-encoding'];
    const encoding = typeof accept === 'string' && page.length >= COMPRESS_THRESHOLD ? negotiate(accept, COMPRESS_ENCODINGS) : null;
    if (!encoding) return reply.send(page);
    let bytes: Buffer;
    try {
      bytes = await this.bytes(page, encoding);
    } catch {
      return reply.send(page);
    }
    return reply.header('content-encoding', encoding).send(bytes);
  }
}

/**
 * Whether a build folder ships its scripts and stylesheets compressed beside them (`static/*.br`,
 * made by the build, web/vite.config.ts). Only then are files looked up as .br or .gz before the
 * plain one: a folder without them is compressed on the fly, without a failed look-up per request.
 */
export function shipsPrecompressed(dist: string): boolean {
  try {
    return readdirSync(join(dist, 'static')).some((name) => name.endsWith('.br'));
  } catch {
    return false;
  }
}
