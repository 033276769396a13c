/**
 * The benches' own login on a running simulator: its RSA modulus (for the encrypted bodies a bench
 * sends) and a session token of the seed player, over HTTP as the web app logs in.
 */
import type autocannon from 'autocannon';
import { encryptBody } from '../../openapi/wire-crypto';

/** The seed player's login body, encrypted for an RSA modulus as the web app encrypts it. */
function seedLogin(modulus: string): ReturnType<typeof encryptBody> {
  return encryptBody({ type: 'username', username: 'player01', password: 'Passw0rd!' }, modulus);
}

/**
 * `count` requests of the seed player's encrypted login to `path`, each with a DES key of its own (as
 * real clients send them), for a load generator to cycle through.
 */
export function loginRequests(path: string, modulus: string, headers: Record<string, string>, count: number): autocannon.Request[] {
  return Array.from({ length: count }, () => {
    const { body, encryption } = seedLogin(modulus);
    return { method: 'POST' as const, path, headers: { ...headers, 'content-type': 'application/json', encryption }, body: JSON.stringify(body) };
  });
}

export async function benchLogin(base: string, headers: Record<string, string>): Promise<{ token: string; modulus: string }> {
  const key = (await (await fetch(`${base}/wps/session/key/rsa`, { headers, signal: AbortSignal.timeout(10_000) })).json()) as { value?: unknown };
  const modulus = String(key.value);
  const { body, encryption } = seedLogin(modulus);
  const res = await fetch(`${base}/wps/session/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', encryption },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const reply = (await res.json().catch(() => ({}))) as { value?: { token?: string } };
  const token = reply.value?.token;
  if (!token) throw new Error(`bench login on ${base} failed: ${JSON.stringify(reply)}`);
  return { token, modulus };
}
