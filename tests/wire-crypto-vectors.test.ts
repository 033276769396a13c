/**
 * Known-answer tests for the wire crypto (DES-ECB body, RSA-wrapped key): fixed inputs against
 * outputs computed by OpenSSL 3.0, not by this code, so a change that breaks compatibility with the
 * gateway fails even when encryption and decryption still agree with each other.
 */
import { createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { desDecrypt, desEncrypt, rsaWrapKey } from '../openapi/wire-crypto';
import { RsaKeyHolder } from '../server/sim/rsa';

// printf '%s' "$PLAIN" | openssl enc -des-ecb -K 6162636465666768 -provider legacy -provider default | base64
// (OpenSSL 3.0.19; PKCS#7 padding is openssl enc's default; the key is the UTF-8 of 'abcdefgh').
const DES_KEY_STRING = 'abcdefgh12345678';
const DES_PLAIN = '{"username":"player01","password":"Passw0rd!"}';
const DES_CIPHER = '7P4rlK11mUrh63lbDJfm2Xi8ii8T7s/OQC/aDN54MnMO2dpQ+Ja+G6f0ybGAdV+D';

// openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:512: a fixed small key for the test only.
const RSA_PEM = `-----BEGIN PRIVATE KEY-----
MIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEAznM5yJUfA0fAAygQ
UAaOLxxHKhvpsoIb32PQ9uYy64KyfVdo8uKSTyMZUSfIeoGLwdsVEkulB4yKmxND
Iyv3SQIDAQABAkB8NnmyxH33VEkj3QwLihYsJCBxJoAyRfQNMRo+IvzKEy/IctPG
EiENeROBXgrZn4fHxC3Nk7DJnMiB4ljorCqxAiEA/qbKrAOj4iCM0fijm6KJ3/y/
GbRl4saGlTkS4W0UOmUCIQDPixd3FykWXHlhoWOxSIeITOCu/F9lrXRx0uyHh3Up
FQIgMhrhX+0rbs/WxW21y2a02DSj6UvcjD1ht7TOKTrMMx0CIQCimMX5dxupeSlf
Y6FG8xu7nP8qGG5kqk/gHO9R/r27QQIhAIhuSpmUNxhaMOT95GtAXs91TtYluStO
Q55tURIYLsYI
-----END PRIVATE KEY-----`;
const RSA_MODULUS =
  'ce7339c8951f0347c003281050068e2f1c472a1be9b2821bdf63d0f6e632eb82b27d5768f2e2924f23195127c87a818bc1db15124ba5078c8a9b1343232bf749';
const RSA_KEY_STRING = 'Ab3dEf7hIj9kLm0p';
// (head -c 48 /dev/zero; printf '%s' Ab3dEf7hIj9kLm0p) | openssl pkeyutl -encrypt -inkey key.pem
//   -pkeyopt rsa_padding_mode:none | xxd -p: raw m^e mod n with m the 16 ASCII bytes, big-endian.
const RSA_CIPHER =
  'a0addc4abeb046b9ef06b15e362855744173fc0624ef0088d3dc49a4149fc6f831618ffc53c9c3f1d0c5fadaec96597ea3aefe76f55cf5bec548893eb8032a56';

describe('wire crypto known answers', () => {
  it('DES-ECB-PKCS7 gives what OpenSSL gives, and reads it back', () => {
    expect(desEncrypt(DES_PLAIN, DES_KEY_STRING)).toBe(DES_CIPHER);
    expect(desDecrypt(DES_CIPHER, DES_KEY_STRING)).toBe(DES_PLAIN);
  });

  it('uses only the first 8 characters of the key string as the DES key', () => {
    expect(desEncrypt(DES_PLAIN, 'abcdefghZZZZZZZZ')).toBe(DES_CIPHER);
    expect(desEncrypt(DES_PLAIN, 'abcdefgX12345678')).not.toBe(DES_CIPHER);
  });

  it('RSA-wraps the key string as OpenSSL raw RSA does (e = 65537, no padding)', () => {
    expect(rsaWrapKey(RSA_KEY_STRING, RSA_MODULUS)).toBe(RSA_CIPHER);
  });

  it('a textbook RSA case: n = 3233 (61 x 53), e = 65537, m = 65 gives 2790', () => {
    // m is one byte ('A' = 65); 65^65537 mod 3233 = 2790 = 0xae6 (Python: pow(65, 65537, 3233)).
    expect(rsaWrapKey('A', (3233).toString(16))).toBe('ae6');
  });

  it('is the old gateway library on the reversed string: its little-endian m equals our big-endian m', () => {
    const reversed = [...RSA_KEY_STRING].reverse().join('');
    // The old library reads character i as the i-th least significant byte.
    let little = 0n;
    for (let i = reversed.length - 1; i >= 0; i--) little = (little << 8n) | BigInt(reversed.charCodeAt(i));
    const big = BigInt(`0x${Buffer.from(RSA_KEY_STRING, 'latin1').toString('hex')}`);
    expect(little).toBe(big);
  });

  it('the simulator unwraps the OpenSSL ciphertext with the same private key', () => {
    const holder = new RsaKeyHolder(createPrivateKey(RSA_PEM));
    expect(holder.modulusHex).toBe(RSA_MODULUS);
    expect(holder.unwrapKey(RSA_CIPHER)).toBe(RSA_KEY_STRING);
  });
});
