/**
 * Typed client of the simulator's QA control API (/__sim): openapi-fetch over the types generated
 * from the control document (control-schema.ts), one method per operation, acting on one world
 * (the `X-Sim-World` header) and sending the control token (`X-Sim-Control-Token`) when one is set.
 */
import createClient from 'openapi-fetch';
import { controlOperations, type paths } from './control-schema.js';
import type {
  ControlBody,
  ControlOperationId,
  ControlParams,
  ControlQuery,
  ControlValue,
  FaultInput,
  JournalEntry,
  JournalQuery,
  ScenarioName,
  SystemStatusCode,
  SystemStatusName,
  VerifyInput,
  WorldInfo,
} from './types.js';

/** Header naming the world a call acts on. */
export const WORLD_HEADER = 'X-Sim-World';
/** Header carrying the control token when the simulator was started with one (`--control-token`). */
export const CONTROL_TOKEN_HEADER = 'X-Sim-Control-Token';

/** The server answered with the error envelope. */
export class SimApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly fields: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'SimApiError';
  }
}

/** No answer from the server at all (not running, wrong URL, connection dropped). */
export class SimUnreachableError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`Cannot reach the simulator at ${url}: ${describe(cause)}`, { cause });
    this.name = 'SimUnreachableError';
  }
}

/** fetch hides the reason (ECONNREFUSED, ENOTFOUND…) in its error's cause. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause as { code?: string; message?: string } | undefined;
  return cause?.code ?? cause?.message ?? err.message;
}

interface Envelope {
  success?: boolean;
  value?: unknown;
  errorCode?: string;
  message?: string;
}

function errorOfEnvelope(status: number, envelope: Envelope): SimApiError {
  const fields = (envelope.value as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? [];
  return new SimApiError(status, envelope.errorCode ?? 'unknown', envelope.message ?? `HTTP ${status}`, fields);
}

/** The error envelope of a refused call as a SimApiError. */
async function errorOf(res: Response): Promise<SimApiError> {
  return errorOfEnvelope(res.status, (await res.json().catch(() => ({}))) as Envelope);
}

/** SIM_CONTROL_TOKEN of the environment, where there is one (Node; not a browser). */
export function envControlToken(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.SIM_CONTROL_TOKEN || undefined;
}

export interface SimClientOptions {
  /** The control token (`--control-token`); default $SIM_CONTROL_TOKEN. */
  token?: string;
}

type CallInput<K extends ControlOperationId> = {
  query?: ControlQuery<K>;
  body?: ControlBody<K>;
  params?: ControlParams<K> extends undefined ? Record<string, string> : ControlParams<K>;
};

export class SimClient {
  readonly baseUrl: string;
  private readonly api: ReturnType<typeof createClient<paths>>;
  private readonly headers: Record<string, string>;

  /** `baseUrl` is the server's origin, e.g. http://localhost:8080 (without /__sim). */
  constructor(
    baseUrl: string,
    private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init),
    /** The world every call acts on (sent as X-Sim-World); the server's default world when absent. */
    readonly world?: string,
    options: SimClientOptions = {},
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    const token = options.token ?? envControlToken();
    this.headers = {
      accept: 'application/json',
      ...(world ? { [WORLD_HEADER]: world } : {}),
      ...(token ? { [CONTROL_TOKEN_HEADER]: token } : {}),
    };
    this.api = createClient<paths>({
      baseUrl: this.baseUrl,
      headers: this.headers,
      fetch: async (request) => {
        try {
          return await this.fetchImpl(request);
        } catch (err) {
          throw new SimUnreachableError(this.baseUrl, err);
        }
      },
    });
  }

  /** One operation by its operationId; the value of the success envelope, or SimApiError / SimUnreachableError. */
  async call<K extends ControlOperationId>(operationId: K, input: CallInput<K> = {}): Promise<ControlValue<K>> {
    const op = controlOperations[operationId];
    // The operation is picked at run time, so the per-path typing of openapi-fetch cannot follow;
    // the input and value types above are the operation's own.
    const request = this.api.request as unknown as (
      method: string,
      path: string,
      init: { params: { query?: unknown; path?: unknown }; body?: unknown; parseAs: 'text' },
    ) => Promise<{ data?: string; error?: unknown; response: Response }>;
    const { data, error, response } = await request(op.method.toLowerCase(), op.path, {
      params: { query: input.query, path: input.params },
      body: input.body,
      parseAs: 'text',
    });
    // A success body arrives as text; openapi-fetch has already parsed an error body when it is JSON.
    let envelope: Envelope;
    try {
      const parsed: unknown = data !== undefined ? JSON.parse(data) : error;
      if (parsed === null || typeof parsed !== 'object') throw new Error('not an envelope');
      envelope = parsed as Envelope;
    } catch {
      throw new SimApiError(response.status, 'sim.bad.reply', `${op.method} ${new URL(response.url || this.baseUrl).pathname} answered ${response.status} without JSON`);
    }
    if (envelope.success === true) return envelope.value as ControlValue<K>;
    const fields = (envelope.value as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? [];
    throw new SimApiError(response.status, envelope.errorCode ?? 'unknown', envelope.message ?? `HTTP ${response.status}`, fields);
  }

  /** The same client acting on another world. */
  inWorld(world: string): SimClient {
    return new SimClient(this.baseUrl, this.fetchImpl, world, { token: this.headers[CONTROL_TOKEN_HEADER] });
  }

  getState() {
    return this.call('getState');
  }
  listScenarios() {
    return this.call('listScenarios');
  }
  setScenario(name: ScenarioName) {
    return this.call('setScenario', { body: { name } as ControlBody<'setScenario'> });
  }
  setStatus(status: SystemStatusCode | SystemStatusName) {
    return this.call('setStatus', { body: { status } });
  }
  getFlags() {
    return this.call('getFlags');
  }
  setFlag(modId: string, enabled: boolean) {
    return this.call('setFlag', { body: { modId, enabled } });
  }
  getSmsOutbox(mobile?: string) {
    return this.call('getSmsOutbox', { query: mobile ? { mobile } : {} });
  }
  getLastSms(mobile?: string) {
    return this.call('getLastSms', { query: mobile ? { mobile } : {} });
  }
  getCaptcha(id?: string) {
    return this.call('getCaptcha', { query: id ? { id } : {} });
  }
  advanceClock(ms: number) {
    return this.call('advanceClock', { body: { ms } });
  }
  resetClock() {
    return this.call('resetClock');
  }
  addFault(fault: FaultInput) {
    return this.call('addFault', { body: fault });
  }
  listFaults() {
    return this.call('listFaults');
  }
  clearFaults() {
    return this.call('clearFaults');
  }
  setLatency(ms: number) {
    return this.call('setLatency', { body: { ms } });
  }
  takeSnapshot(name: string) {
    return this.call('takeSnapshot', { body: { name } });
  }
  restoreSnapshot(name: string) {
    return this.call('restoreSnapshot', { body: { name } });
  }
  listSnapshots() {
    return this.call('listSnapshots');
  }
  reset(scenario?: ScenarioName) {
    return this.call('reset', { body: (scenario ? { scenario } : {}) as ControlBody<'reset'> });
  }

  /** The worlds of the simulator. */
  listWorlds() {
    return this.call('listWorlds');
  }

  /** Create a world, optionally in a scenario. */
  createWorld(name: string, scenario?: ScenarioName) {
    return this.call('createWorld', { body: { name, ...(scenario ? { scenario } : {}) } as ControlBody<'createWorld'> });
  }

  /** Remove a world (the default world is reset instead). */
  deleteWorld(name: string) {
    return this.call('deleteWorld', { params: { name } });
  }

  /** The world's file (GET /__sim/worlds/NAME/export): its SQLite database, journal included. */
  async exportWorld(name: string): Promise<Uint8Array> {
    const res = await this.send('GET', controlOperations.exportWorld.path.replace('{name}', encodeURIComponent(name)));
    if (!res.ok) throw await errorOf(res);
    return new Uint8Array(await res.arrayBuffer());
  }

  /** Create or replace a world from its file: as `name`, else under the name it was exported with. */
  async importWorld(file: Uint8Array, name?: string): Promise<WorldInfo> {
    const path = name ? controlOperations.importWorld.path.replace('{name}', encodeURIComponent(name)) : controlOperations.importNamedWorld.path;
    const res = await this.send('POST', path, { body: file as Uint8Array<ArrayBuffer>, headers: { 'content-type': 'application/vnd.sqlite3' } });
    const envelope = (await res.json().catch(() => ({}))) as Envelope;
    if (res.ok && envelope.success === true) return envelope.value as WorldInfo;
    throw errorOfEnvelope(res.status, envelope);
  }

  /** A call outside openapi-fetch (a file in or out), with this client's headers. */
  private async send(method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Response> {
    try {
      return await this.fetchImpl(`${this.baseUrl}${path}`, { method, body: init.body, headers: { ...this.headers, ...init.headers } });
    } catch (err) {
      throw new SimUnreachableError(this.baseUrl, err);
    }
  }

  /** Journaled gateway calls, newest first; filters as GET /__sim/journal. */
  journal(query: JournalQuery = {}) {
    return this.call('getJournal', { query });
  }
  clearJournal() {
    return this.call('clearJournal');
  }
  /** Put the world back as it was just before journal entry `before`; later entries are marked rewound. */
  rewind(before: number) {
    return this.call('rewind', { body: { before } });
  }
  /**
   * Were matching calls made? `body` is a deep partial match on the decrypted plaintext. An unmet
   * expectation answers `ok: false` with near misses, never throws:
   * `expect((await sim.verify({ operationId: 'register', body: { referralCode: 'R010001' } })).ok).toBe(true)`.
   */
  verify(input: VerifyInput) {
    return this.call('verifyJournal', { body: input });
  }

  /**
   * Calls `onEntry` with every new journal entry (GET /__sim/journal/stream) until `signal` aborts or
   * the server ends the stream; `since` replays the entries after that id first.
   */
  async followJournal(onEntry: (entry: JournalEntry) => void, options: { signal?: AbortSignal; since?: number } = {}): Promise<void> {
    const url = new URL(`${this.baseUrl}${controlOperations.streamJournal.path}`);
    if (options.since !== undefined) url.searchParams.set('since', String(options.since));
    let res: Response;
    try {
      res = await this.fetchImpl(url, { headers: { ...this.headers, accept: 'text/event-stream' }, signal: options.signal });
    } catch (err) {
      if (options.signal?.aborted) return;
      throw new SimUnreachableError(this.baseUrl, err);
    }
    if (!res.ok || !res.body) {
      const envelope = (await res.json().catch(() => ({}))) as Envelope;
      throw new SimApiError(res.status, envelope.errorCode ?? 'unknown', envelope.message ?? `HTTP ${res.status}`);
    }
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          if (!lines.includes('event: entry')) continue;
          const data = lines.find((l) => l.startsWith('data: '));
          if (data) onEntry(JSON.parse(data.slice(6)) as JournalEntry);
        }
      }
    } catch (err) {
      if (options.signal?.aborted) return;
      throw err;
    }
  }
}
