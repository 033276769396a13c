/**
 * The web client after a server key change: an encrypted call refused because its
 * Encryption header does not unwrap fetches the modulus again and is sent once more with the new key.
 * The "server" here is a fetch stub that decrypts with real key pairs, as the simulator does.
 */
import { describe, expect, it, vi } from 'vitest';
import { RsaKeyHolder } from '../server/sim/rsa';

// Node's own fetch classes (happy-dom's Request keeps the old body when a new one is given), with
// the page's origin for the client's same-origin paths, as a browser resolves them; the session
// needs storage.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? new URL(input, 'http://portal.test') : input, init);
  }
}
vi.stubGlobal('Request', PageRequest);
const store = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
});
const { client, unwrap } = await import('../web/src/api/client');

const refusal = () =>
  Response.json(
    {
      success: false,
      errorCode: 'request_param_err',
      message: 'Encryption header does not unwrap with the session key',
      value: { fields: [{ field: 'headers/encryption', message: 'Encryption header does not unwrap with the session key' }] },
    },
    { status: 400 },
  );

/** A stub server whose key pair can be swapped (a restart), counting the calls it sees. */
function stubServer(first: RsaKeyHolder) {
  const state = { key: first, rsaCalls: 0, loginCalls: 0, logins: [] as unknown[] };
  // tests/setup.ts restores the spy after each test.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    if (path === '/wps/session/key/rsa') {
      state.rsaCalls++;
      return Response.json({ success: true, value: state.key.modulusHex });
    }
    if (path === '/wps/session/login') {
      state.loginCalls++;
      try {
        const plain = state.key.decryptBody(request.headers.get('encryption') ?? undefined, await request.json());
        state.logins.push(plain);
        return Response.json({ success: true, value: { token: 't0k3n', isAgent: 0 } });
      } catch {
        return refusal();
      }
    }
    return Response.json({ success: false, errorCode: 'resource.not.found', message: path }, { status: 404 });
  });
  return state;
}

const login = () => unwrap(client.POST('/wps/session/login', { body: { type: 'username', username: 'player01', password: 'Passw0rd!' } as never }));

describe('the client after the server key changed', () => {
  it('fetches the modulus again and retries once, then keeps the new key', async () => {
    const before = new RsaKeyHolder();
    const server = stubServer(before);
    await expect(login()).resolves.toMatchObject({ token: 't0k3n' });
    expect(server.rsaCalls).toBe(1);

    server.key = new RsaKeyHolder(); // the server restarted without --state
    await expect(login()).resolves.toMatchObject({ token: 't0k3n' });
    expect(server).toMatchObject({ rsaCalls: 2, loginCalls: 3 });
    expect(server.logins.at(-1)).toMatchObject({ username: 'player01', password: 'Passw0rd!' });

    await login();
    expect(server).toMatchObject({ rsaCalls: 2, loginCalls: 4 });
  });

  it('retries only once, and not at all when the key did not change', async () => {
    const server = stubServer(new RsaKeyHolder());
    await login();
    const rsaCalls = server.rsaCalls;
    // The server refuses whatever key is sent: the same modulus comes back, so no second try.
    vi.spyOn(server.key, 'decryptBody').mockImplementation(() => {
      throw new Error('refused');
    });
    const loginCalls = server.loginCalls;
    await expect(login()).rejects.toMatchObject({ errorCode: 'request_param_err', status: 400 });
    expect(server.rsaCalls).toBe(rsaCalls + 1);
    expect(server.loginCalls).toBe(loginCalls + 1);
  });
});
