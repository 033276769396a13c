/**
 * The one way the web app talks to the backend: an openapi-fetch client over the generated types, with
 * middleware for the gateway's headers and encrypted bodies, and `unwrap` for the envelope.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import { isErrorCode, type ErrorCodeName } from './error-codes';
import { operationMeta } from './operation-meta';
import { fetchNotingReachability } from './reachability';
import type { components, paths } from './schema';
import { session } from './session';

export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** Code of a failure before any envelope arrived ('Network link abnormal'). */
export const NETWORK_ERROR = 'network_error';

/** A code of the error registry (generated union), or the client's own for a failed fetch. */
export type ClientErrorCode = ErrorCodeName | typeof NETWORK_ERROR;

/**
 * Error carrying the envelope's code; `errorCode` doubles as the translation key. A code outside the
 * registry (a real gateway's own) arrives as `unknown`, the code as sent kept in `sentCode`.
 */
export class ApiError extends Error {
  constructor(
    readonly errorCode: ClientErrorCode,
    message: string,
    readonly status: number,
    readonly value?: ErrorEnvelope['value'],
    readonly sentCode?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RuntimeSettings {
  baseUrl: string;
  merchant: string;
  language: () => string;
}

const settings: RuntimeSettings = {
  baseUrl: '',
  merchant: 'DEMO',
  language: () => 'EN',
};

/** Set by the bootstrap from the runtime config (one build serves several brands). */
export function configureApi(next: Partial<RuntimeSettings>): void {
  Object.assign(settings, next);
  if (next.merchant) session.setMerchant(next.merchant);
}

/** Match a request URL to its contract operation (no path in this contract has parameters). */
function metaOf(request: Request) {
  return operationMeta[`${request.method} ${new URL(request.url).pathname}`];
}

/** Same-origin by default; a runtime gateway URL (config.json) sends calls there instead. */
function retarget(request: Request): Request {
  if (!settings.baseUrl) return request;
  const url = new URL(request.url);
  return new Request(new URL(url.pathname + url.search, settings.baseUrl), request);
}

let rsaModulus: Promise<string> | null = null;

/** The server's RSA modulus, fetched once and kept until a decryption refusal says it changed. */
function currentModulus(): Promise<string> {
  return (rsaModulus ??= unwrap(client.GET('/wps/session/key/rsa')).catch((err: unknown) => {
    rsaModulus = null;
    throw err;
  }));
}

/** Rebuilds an encrypted call with another modulus, for the one retry after a decryption refusal. */
const encryptedCalls = new WeakMap<Request, { modulus: string; encryptWith: (modulus: string) => Request }>();

/**
 * A refusal of the Encryption header: the server's key pair is not the one this tab fetched (the
 * simulator restarted without --state, or the gateway rotated its key).
 */
export async function isDecryptionRefusal(response: Response): Promise<boolean> {
  if (response.status !== 400) return false;
  try {
    const body = (await response.clone().json()) as Partial<ErrorEnvelope> & { value?: { fields?: { field?: string }[] } };
    return body.errorCode === 'request_encryption_err' || !!body.value?.fields?.some((f) => f.field === 'headers/encryption');
  } catch {
    return false;
  }
}

const headersMiddleware: Middleware = {
  async onRequest({ request }) {
    const meta = metaOf(request);
    request.headers.set('Merchant', session.merchant() ?? settings.merchant);
    request.headers.set('Device', 'web');
    request.headers.set('Language', settings.language());
    // A call made with another of its modIDs (the register SMS from the mobile form) keeps it.
    if (meta && !request.headers.has('ModuleId')) request.headers.set('ModuleId', meta.moduleId);
    const token = session.token();
    if (token) request.headers.set('Authorization', token);
    if (meta?.operationId === 'freePlayLogin') request.headers.set('X-Gateway-Version', '3');
    if (!meta?.encrypted) return retarget(request);
    // Encrypted calls: DES body with a random key, the key RSA-wrapped in a header. The
    // cipher code (crypto-js) loads with the first encrypted call (login, register, password change):
    // no page needs it to show, so it stays out of every route's initial JavaScript.
    const [{ encryptBody }, modulus] = await Promise.all([import('../../../openapi/wire-crypto'), currentModulus()]);
    const plain: unknown = JSON.parse(await request.clone().text());
    const encryptWith = (key: string) => {
      const { body, encryption } = encryptBody(plain, key);
      const headers = new Headers(request.headers);
      headers.set('Encryption', encryption);
      return retarget(new Request(request, { body: JSON.stringify(body), headers }));
    };
    const encrypted = encryptWith(modulus);
    encryptedCalls.set(encrypted, { modulus, encryptWith });
    return encrypted;
  },
  // A tab left open across a key change: fetch the modulus again and retry once with it.
  async onResponse({ request, response, options }) {
    const call = encryptedCalls.get(request);
    if (!call || !(await isDecryptionRefusal(response))) return undefined;
    if (rsaModulus && (await rsaModulus.catch(() => null)) === call.modulus) rsaModulus = null;
    let modulus: string;
    try {
      modulus = await currentModulus();
    } catch {
      return undefined;
    }
    if (modulus === call.modulus) return undefined;
    return options.fetch(call.encryptWith(modulus));
  },
};

export const client = createClient<paths>({
  baseUrl: '',
  fetch: fetchNotingReachability,
});
client.use(headersMiddleware);

/** Listeners told when the server says the session is gone (401 login.not.session). */
const sessionLost = new Set<() => void>();
export function onSessionLost(listener: () => void): () => void {
  sessionLost.add(listener);
  return () => sessionLost.delete(listener);
}

/** The success value type of an openapi-fetch result (the union's data branch). */
export type SuccessValue<R> = R extends { data: { value: infer V } } ? V : never;

/**
 * The value of a successful call, or an ApiError. Any `success: false` is an error whatever the HTTP
 * status; a failed fetch becomes NETWORK_ERROR.
 */
export async function unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(
  call: Promise<R>,
): Promise<SuccessValue<R>> {
  let result: R;
  try {
    result = await call;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(NETWORK_ERROR, 'Network link abnormal, please try again', 0);
  }
  const body = (result.data ?? result.error) as
    | { success?: boolean; value?: unknown; errorCode?: string; message?: string }
    | undefined;
  if (!body || typeof body !== 'object' || body.success !== true) {
    const envelope = (body ?? {}) as Partial<ErrorEnvelope>;
    const sent = envelope.errorCode ?? 'unknown';
    const error = new ApiError(
      isErrorCode(sent) ? sent : 'unknown',
      envelope.message ?? 'Unknown error',
      result.response.status,
      envelope.value,
      isErrorCode(sent) ? undefined : sent,
    );
    if (error.errorCode === 'login.not.session') {
      session.clear();
      for (const listener of sessionLost) listener();
    }
    throw error;
  }
  return body.value as never;
}
