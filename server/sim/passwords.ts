/** Password hashing for simulated accounts: scrypt, as a real backend would store them. */
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

// A lighter cost than production (N=2^14) keeps start-up and tests fast; the scheme is the same.
const COST = { N: 1 << 12, r: 8, p: 1 };
const KEY_LENGTH = 32;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEY_LENGTH, COST);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = scryptSync(password, Buffer.from(saltB64, 'base64'), expected.length, COST);
  return timingSafeEqual(expected, actual);
}

/**
 * The same check without blocking the event loop: scrypt runs on libuv's thread pool, so other calls
 * keep being served while a login is verified (the login benchmark in docs/benchmarks.md).
 */
export function verifyPasswordAsync(password: string, stored: string): Promise<boolean> {
  const [scheme, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return Promise.resolve(false);
  const expected = Buffer.from(hashB64, 'base64');
  return new Promise((resolve, reject) => {
    scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, COST, (err, actual) => {
      if (err) reject(err);
      else resolve(timingSafeEqual(expected, actual));
    });
  });
}
