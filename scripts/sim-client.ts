/**
 * Typed client of the simulator's QA control API (/__sim), one method per operation of
 * server/control/contract.ts, with the types taken from its TypeBox schemas. Used by the CLI
 * (scripts/sim-cli.ts), and usable from Playwright fixtures.
 */
import {
  CONTROL_PREFIX,
  controlOps,
  type ControlBody,
  type ControlOperationId,
  type ControlQuery,
  type ControlValue,
  type FaultInput,
  type JournalEntry,
  type JournalQuery,
  type SystemStatusName,
  type VerifyInput,
} from '../server/control/contract';

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
  fields?: unknown;
}

export class SimClient {
  readonly baseUrl: string;

  /** `baseUrl` is the server's origin, e.g. http://localhost:8080 (without /__sim). */
  constructor(
    baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
    /** The world every call acts on (sent as X-Sim-World); the server's default world when absent. */
    readonly world?: string,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /** One call of the table; the value of the success envelope, or SimApiError / SimUnreachableError. */
  async call<K extends ControlOperationId>(
    operationId: K,
    input: { query?: ControlQuery<K>; body?: ControlBody<K>; params?: Record<string, string> } = {},
  ): Promise<ControlValue<K>> {
    const op = controlOps[operationId];
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
    const url = new URL(`${this.baseUrl}${CONTROL_PREFIX}${path}`);
    for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const hasBody = 'body' in op && op.body !== undefined;
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method: op.method,
        // A JSON content type with an empty body is refused by Fastify: only send it with a body.
        headers: {
          accept: 'application/json',
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
          ...(this.world ? { 'x-sim-world': this.world } : {}),
        },
        body: hasBody ? JSON.stringify(input.body ?? {}) : undefined,
      });
    } catch (err) {
      throw new SimUnreachableError(this.baseUrl, err);
    }
    let envelope: Envelope;
    try {
      envelope = (await res.json()) as Envelope;
    } catch {
      throw new SimApiError(
        res.status,
        'sim.bad.reply',
        `${op.method} ${url.pathname} answered ${res.status} without JSON`,
      );
    }
    if (envelope.success === true) return envelope.value as ControlValue<K>;
    const fields =
      (envelope.value as { fields?: { field: string; message: string }[] } | undefined)?.fields ??
      [];
    throw new SimApiError(
      res.status,
      envelope.errorCode ?? 'unknown',
      envelope.message ?? `HTTP ${res.status}`,
      fields,
    );
  }

  getState() {
    return this.call('getState');
  }
  listScenarios() {
    return this.call('listScenarios');
  }
  setScenario(name: string) {
    return this.call('setScenario', { body: { name } });
  }
  setStatus(status: 0 | 1 | 2 | SystemStatusName) {
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
  reset(scenario?: string) {
    return this.call('reset', { body: scenario ? { scenario } : {} });
  }

  /** The worlds of the simulator. */
  listWorlds() {
    return this.call('listWorlds');
  }

  /** Create a world, optionally in a scenario. */
  createWorld(name: string, scenario?: string) {
    return this.call('createWorld', { body: { name, ...(scenario ? { scenario } : {}) } });
  }

  /** Remove a world (the default world is reset instead). */
  deleteWorld(name: string) {
    return this.call('deleteWorld', { params: { name } });
  }

  /** Journaled gateway calls, newest first (issue 14); filters as GET /__sim/journal. */
  journal(query: JournalQuery = {}) {
    return this.call('getJournal', { query });
  }
  clearJournal() {
    return this.call('clearJournal');
  }
  /**
   * Were matching calls made? `body` is a deep partial match on the decrypted plaintext. An unmet
   * expectation answers `ok: false` with near misses, never throws:
   * `expect((await sim.verify({ operationId: 'register', body: { referralCode: 'AG1001' } })).ok).toBe(true)`.
   */
  verify(input: VerifyInput) {
    return this.call('verifyJournal', { body: input });
  }

  /**
   * Calls `onEntry` with every new journal entry (GET /__sim/journal/stream) until `signal` aborts or
   * the server ends the stream; `since` replays the entries after that id first.
   */
  async followJournal(onEntry: (entry: JournalEntry) => void, options: { signal?: AbortSignal; since?: number } = {}): Promise<void> {
    const url = new URL(`${this.baseUrl}${CONTROL_PREFIX}${controlOps.streamJournal.path}`);
    if (options.since !== undefined) url.searchParams.set('since', String(options.since));
    let res: Response;
    try {
      res = await this.fetchImpl(url, { headers: { accept: 'text/event-stream' }, signal: options.signal });
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
