/**
 * Password storage for simulated accounts: a random 16-byte salt and HMAC-SHA-256 of the password
 * under it, compared in constant time. No plaintext is kept, two accounts with one password do not
 * share a digest, and a wrong password never verifies.
 *
 * Deliberately not a key-derivation function (ADR 004): a KDF's cost buys resistance to offline
 * guessing of a leaked credential store, and the simulator has none worth that price: its accounts
 * are fixtures and QA test data, held in memory and published in the README. What the cost did buy
 * was slow logins and registrations for every developer, test and QA script (about 10 ms of CPU each
 * with scrypt N = 2^12, 0.1x Prism's login throughput). The real gateway owns real credentials.
 */
import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';

const SCHEME = 'hmac-sha256';
export const SALT_BYTES = 16;

function digest(password: string, salt: Buffer): Buffer {
  // The salt as a KeyObject: the same HMAC, but Node prepares a key given as a Buffer at several
  // times the cost of the HMAC itself (docs/decisions/038-one-hook-per-lifecycle-point.md).
  // (A key object cannot be empty: a stored value with no salt bytes keeps the plain path.)
  return createHmac('sha256', salt.length > 0 ? createSecretKey(salt) : salt).update(password, 'utf8').digest();
}

/** A digest of `password` under a new random salt (or `salt`: SALT_BYTES random bytes used for this digest only). */
export function hashPassword(password: string, salt: Buffer = randomBytes(SALT_BYTES)): string {
  return `${SCHEME}$${salt.toString('base64')}$${digest(password, salt).toString('base64')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, saltB64, hashB64] = stored.split('$');
  if (scheme !== SCHEME || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = digest(password, Buffer.from(saltB64, 'base64'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
