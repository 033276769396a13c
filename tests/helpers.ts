/**
 * Test helpers: an app per test through `app.inject`, closed afterwards, plus the calls every test
 * needs (headers, encrypted bodies, logging in as a seed account).
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach } from 'vitest';
import { encryptBody } from '../openapi/wire-crypto';
import { buildApp, type AppOptions } from '../server/app';

const open: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
});

/** A fresh simulator app, closed after the current test. */
export async function testApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp({ controlApi: true, ...options });
  open.push(app);
  await app.ready();
  return app;
}

export const MERCHANT = 'DEMO';
export const SEED = {
  player: { username: 'player01', password: 'Passw0rd!' },
  agent: { username: 'agent01', password: 'Passw0rd!' },
} as const;

export interface CallOptions {
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Encrypt the body as the gateway's encrypted calls do. */
  encrypted?: boolean;
  cookies?: Record<string, string>;
  /** Standard headers to leave out (e.g. 'merchant', to test the 400 for a missing header). */
  omitHeaders?: string[];
}

/** A reply envelope as tests read it; the contract test checks the real shapes against openapi.json. */
export interface Envelope {
  success: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read values of every operation
  value?: any;
  errorCode?: string;
  message?: string;
}

/** One API call with the client's standard headers. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse & { envelope: Envelope }> {
  const headers: Record<string, string> = { merchant: MERCHANT, device: 'web', language: 'EN', ...options.headers };
  if (options.token) headers.authorization = options.token;
  for (const name of options.omitHeaders ?? []) delete headers[name];
  let payload: unknown = options.body;
  if (options.encrypted) {
    const { body, encryption } = encryptBody(options.body, app.sim.rsa.modulusHex);
    payload = body;
    headers.encryption = encryption;
  }
  const res = await app.inject({
    method,
    url,
    headers,
    query: options.query ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) : undefined,
    payload: payload as InjectOptions['payload'],
    cookies: options.cookies,
  });
  return Object.assign(res, { envelope: res.json() });
}

/** Log in as a seed account and return its token. */
export async function login(app: FastifyInstance, who: { username: string; password: string } = SEED.player): Promise<string> {
  const res = await call(app, 'POST', '/wps/session/login', { encrypted: true, body: { type: 'username', ...who } });
  if (!res.envelope.success) throw new Error(`login failed: ${res.body}`);
  return res.envelope.value.token as string;
}
