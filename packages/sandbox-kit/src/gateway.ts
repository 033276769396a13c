/**
 * Calls of the gateway API a test needs besides the browser: a login with the gateway's encrypted
 * body (the RSA key first, then the DES-encrypted credentials), returning the session.
 */
import { encryptBody } from './wire-crypto.js';

/** What a login answers: the token every member call sends. */
export interface Session {
  token: string;
  isAgent: number;
  username: string;
}

export interface Account {
  username: string;
  password: string;
}

/** The seed player and agent of the simulator's fixtures. */
export const PLAYER = { username: 'player01', password: 'Passw0rd!' } as const satisfies Account;
export const AGENT = { username: 'agent01', password: 'Passw0rd!' } as const satisfies Account;

/** The headers every gateway call carries (merchant, device, language). */
export const GATEWAY_HEADERS = { Merchant: 'DEMO', Device: 'web', Language: 'EN' } as const;

/**
 * Where a login sends its two calls: a JSON GET and a JSON POST on the portal's origin. Playwright's
 * `request` fits through `playwrightHttp`, and plain fetch through `fetchHttp`.
 */
export interface GatewayHttp {
  get(path: string, headers: Record<string, string>): Promise<{ status: number; json: unknown }>;
  post(path: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; json: unknown }>;
}

/** Plain fetch against `baseUrl`, on one world when given. */
export function fetchHttp(baseUrl: string, options: { world?: string; fetch?: typeof fetch } = {}): GatewayHttp {
  const origin = baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const world: Record<string, string> = options.world ? { 'X-Sim-World': options.world } : {};
  const send = async (path: string, init: RequestInit) => {
    const res = await doFetch(`${origin}${path}`, init);
    return { status: res.status, json: (await res.json().catch(() => null)) as unknown };
  };
  return {
    get: (path, headers) => send(path, { headers: { ...world, ...headers } }),
    post: (path, headers, body) => send(path, { method: 'POST', headers: { ...world, ...headers }, body: JSON.stringify(body) }),
  };
}

/** Log in through POST /wps/session/login with the gateway's encrypted body; throws when refused. */
export async function loginOverApi(http: GatewayHttp, username: string, password: string): Promise<Session> {
  const key = await http.get('/wps/session/key/rsa', { ...GATEWAY_HEADERS, ModuleId: 'RSAKEY3' });
  const modulus = (key.json as { value?: unknown } | null)?.value;
  if (typeof modulus !== 'string') throw new Error(`login failed: no RSA key (HTTP ${key.status})`);
  const { body, encryption } = encryptBody({ type: 'username', username, password }, modulus);
  const res = await http.post('/wps/session/login', { ...GATEWAY_HEADERS, ModuleId: 'LOGIN3', Encryption: encryption, 'Content-Type': 'application/json' }, body);
  const envelope = res.json as { success?: boolean; value?: Session; message?: string } | null;
  if (!envelope?.success || !envelope.value) throw new Error(`login failed: ${envelope?.message ?? res.status}`);
  return envelope.value;
}

/** Log an account in over the gateway API of the portal at `baseUrl` (default the seed player). */
export function apiLogin(baseUrl: string, account: Account = PLAYER, options: { world?: string; fetch?: typeof fetch } = {}): Promise<Session> {
  return loginOverApi(fetchHttp(baseUrl, options), account.username, account.password);
}
