/**
 * The simulator's side of the encrypted-call scheme: it holds the RSA private key, publishes the
 * modulus, unwraps the Encryption header and decrypts the DES body
 * (openapi/wire-crypto.ts holds the wire format both sides share).
 */
import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import { desDecrypt } from '../../openapi/wire-crypto';

export class RsaKeyHolder {
  readonly modulusHex: string;
  private readonly privateKey: KeyObject;
  private readonly modulusBytes: number;

  /**
   * A new key pair, or a given one: a PEM (PKCS#8, as `toPem` writes it) from a state directory, so
   * a tab left open can still log in after a restart (server/sim/state-dir.ts), or a fixed key
   * object for known-answer tests.
   */
  constructor(key?: string | KeyObject) {
    // 1024 bits is what the gateway's old library uses; without a state directory the key is made
    // fresh at every start.
    const { privateKey, publicKey } = key
      ? (() => {
          const k = typeof key === 'string' ? createPrivateKey(key) : key;
          if (k.asymmetricKeyType !== 'rsa') throw new Error('the key is not an RSA private key');
          return { privateKey: k, publicKey: createPublicKey(k) };
        })()
      : generateKeyPairSync('rsa', { modulusLength: 1024, publicExponent: 0x10001 });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.modulusHex = Buffer.from(jwk.n ?? '', 'base64url').toString('hex').replace(/^0+/, '');
    this.modulusBytes = Math.ceil(this.modulusHex.length / 2);
  }

  /** The private key as PKCS#8 PEM, for a state directory (a secret: written with mode 0600). */
  toPem(): string {
    return this.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  }

  /** The random key string carried by an Encryption header, or null when the header is not ours. */
  unwrapKey(encryptionHex: string): string | null {
    if (!/^[0-9a-f]{1,512}$/i.test(encryptionHex)) return null;
    const c = BigInt(`0x${encryptionHex}`);
    if (c >= BigInt(`0x${this.modulusHex}`)) return null;
    const block = Buffer.from(c.toString(16).padStart(this.modulusBytes * 2, '0'), 'hex');
    let plain: Buffer;
    try {
      plain = privateDecrypt({ key: this.privateKey, padding: constants.RSA_NO_PADDING }, block);
    } catch {
      return null;
    }
    let start = 0;
    while (start < plain.length && plain[start] === 0) start++;
    const key = plain.subarray(start).toString('latin1');
    return /^[A-Za-z0-9]{16}$/.test(key) ? key : null;
  }

  /** Decrypt an encrypted call's body; throws a message naming what is wrong. */
  decryptBody(encryptionHeader: string | undefined, body: unknown): unknown {
    if (!encryptionHeader) throw new DecryptError('headers/encryption', 'Encryption header is missing');
    const key = this.unwrapKey(encryptionHeader);
    if (!key) throw new DecryptError('headers/encryption', 'Encryption header does not unwrap with the session key');
    const value = (body as { value?: unknown } | null)?.value;
    if (typeof value !== 'string' || value.length === 0) {
      throw new DecryptError('body/value', 'body must be {"value": "<base64 DES ciphertext>"}');
    }
    let text: string;
    try {
      text = desDecrypt(value, key);
    } catch {
      throw new DecryptError('body/value', 'body value does not decrypt with the wrapped key');
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new DecryptError('body/value', 'decrypted body is not JSON');
    }
  }
}

export class DecryptError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
