/**
 * Random bytes for the per-call tokens (sessions): the same CSPRNG output as `randomBytes`, taken
 * from a 4 KB buffer filled in one call rather than a call into OpenSSL per token, which costs a
 * login more than the rest of its session work together (docs/decisions/038-one-hook-per-lifecycle-point.md).
 * Each byte is handed out once.
 */
import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

/** `bytes` fresh random bytes (at most 4 KB) as lower-case hex: what `randomBytes(bytes).toString('hex')` gives. */
export function randomHex(bytes: number): string {
  if (bytes > POOL_BYTES) throw new RangeError(`randomHex: at most ${POOL_BYTES} bytes, asked for ${bytes}`);
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const start = offset;
  offset += bytes;
  return pool.toString('hex', start, offset);
}
