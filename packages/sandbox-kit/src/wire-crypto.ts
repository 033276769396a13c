/**
 * The gateway's encrypted-call scheme (docs/decisions/024-sandbox-kit.md): a JSON body is sent as
 * `{ value: base64(DES-ECB(json)) }` with the DES key wrapped by the gateway's RSA key in the
 * `Encryption` header. This file is the one copy: the portal's web client and simulator import it
 * through openapi/wire-crypto.ts, and the sandbox kit ships it, so all speak exactly the same bytes.
 * The scheme is weak and kept only because it is the real gateway's protocol; TLS is the real
 * protection.
 */
// Only the pieces DES-ECB needs (the web bundle would otherwise carry all of crypto-js): the
// sub-modules register themselves on the shared core object. The `.js` file names matter: crypto-js
// has no exports map, and Node's ESM resolver (Playwright loads the e2e fixtures through it) finds
// only full file names.
import CryptoJS from 'crypto-js/core.js';
import 'crypto-js/tripledes.js';
import 'crypto-js/mode-ecb.js';

export const RSA_EXPONENT = 0x10001n;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 16-character alphanumeric string; its first 8 characters are the DES key. */
export function randomKeyString(random: (n: number) => Uint8Array = defaultRandom): string {
  const bytes = random(16);
  let out = '';
  for (const b of bytes) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
  return out;
}

function defaultRandom(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

/** base64(DES-ECB-PKCS7(text)) with the key's first 8 characters as UTF-8. */
export function desEncrypt(text: string, keyString: string): string {
  const key = CryptoJS.enc.Utf8.parse(keyString.slice(0, 8));
  return CryptoJS.DES.encrypt(text, key, {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  }).toString();
}

/** Inverse of desEncrypt; throws when the text is not valid base64 DES output for that key. */
export function desDecrypt(base64: string, keyString: string): string {
  const key = CryptoJS.enc.Utf8.parse(keyString.slice(0, 8));
  const words = CryptoJS.DES.decrypt(base64, key, { mode: CryptoJS.mode.ECB, padding: CryptoJS.pad.Pkcs7 });
  if (words.sigBytes <= 0) throw new Error('empty or undecryptable DES payload');
  // Utf8.stringify throws "Malformed UTF-8 data" on garbage, which the caller turns into a 400.
  return CryptoJS.enc.Utf8.stringify(words);
}

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  let b = base % mod;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % mod;
    b = (b * b) % mod;
    e >>= 1n;
  }
  return result;
}

/**
 * The Encryption header: lowercase hex of m^e mod n, m being the 16 ASCII bytes of the key string as
 * a big-endian integer (what the gateway's old RSA library produces from the reversed string).
 */
export function rsaWrapKey(keyString: string, modulusHex: string): string {
  let m = 0n;
  for (let i = 0; i < keyString.length; i++) m = (m << 8n) | BigInt(keyString.charCodeAt(i) & 0xff);
  return modPow(m, RSA_EXPONENT, BigInt(`0x${modulusHex}`)).toString(16);
}

/** Encrypt a JSON body for an encrypted call: returns the wire body and the Encryption header. */
export function encryptBody(
  body: unknown,
  modulusHex: string,
  keyString: string = randomKeyString(),
): { body: { value: string }; encryption: string } {
  return {
    body: { value: desEncrypt(JSON.stringify(body), keyString) },
    encryption: rsaWrapKey(keyString, modulusHex),
  };
}

/** Customer-service link: the last 8 characters of the path are the DES key for the rest. */
export function decodeServicePath(path: string): string {
  if (path.length <= 8) throw new Error('customer-service path too short');
  return desDecrypt(path.slice(0, -8), path.slice(-8));
}

export function encodeServicePath(url: string, key8: string): string {
  return desEncrypt(url, key8) + key8;
}
