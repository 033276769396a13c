/**
 * The QA control API (`/__sim`, simulator mode only). It is outside the gateway contract, so this
 * module is the one place in the web app that calls fetch directly (design.md).
 */
export interface ReplayInfo {
  dir: string;
  gateway: string;
  operations: string[];
  rejected: { operationId: string; count: number; reason: string }[];
}
export interface SimState {
  /** The world this browser acts on (X-Sim-World, else the sim_world cookie, else default). */
  world: string;
  scenario: { name: string; description: string };
  status: 0 | 1 | 2;
  statusName: string;
  flags: Record<string, boolean>;
  latencyMs: number;
  /** Replay mode: the operations answered from a recording; null otherwise. */
  replay: ReplayInfo | null;
}
/** One world of GET /__sim/worlds (server/sim/worlds.ts WorldInfo). */
export interface WorldInfo {
  name: string;
  scenario: string;
  status: 0 | 1 | 2;
  createdAt: number;
  lastUsedAt: number;
  accounts: number;
  liveSessions: number;
}
export interface WorldList {
  worlds: WorldInfo[];
  unloaded: { name: string; unloadedAt: number; reason: string }[];
  maxWorlds: number;
}
export interface ScenarioInfo {
  name: string;
  description: string;
}
export interface Flag {
  modId: string;
  enabled: boolean;
  parent: string | null;
}

/** One call of the request journal (GET /__sim/journal; server/control/contract.ts JournalEntry). */
export interface JournalEntry {
  id: number;
  time: number;
  simTime: number;
  method: string;
  path: string;
  operationId: string | null;
  query: Record<string, unknown>;
  headers: { merchant: string | null; device: string | null; language: string | null; moduleId: string | null; authorization: string | null };
  encrypted: boolean;
  body: unknown;
  status: number;
  reply: unknown;
  durationMs: number;
  fault: { id: number; status: number | null; delayMs: number; drop: boolean } | null;
  latencyMs: number;
  contract: { request: boolean | null; reply: boolean | null; errors: string[] };
}

/** The control API refused: its errorCode kept, so a caller can tell "journal off" from a failure. */
export class ControlApiError extends Error {
  constructor(
    message: string,
    readonly errorCode: string | undefined,
  ) {
    super(message);
    this.name = 'ControlApiError';
  }
}

async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/__sim${path}`, {
    method,
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; value?: T; message?: string; errorCode?: string };
  if (!envelope.success) throw new ControlApiError(envelope.message ?? `control API ${path} failed`, envelope.errorCode);
  return envelope.value as T;
}

export const controlApi = {
  state: () => call<SimState>('GET', '/state'),
  scenarios: () => call<ScenarioInfo[]>('GET', '/scenarios'),
  flags: () => call<Flag[]>('GET', '/flags'),
  setScenario: (name: string) => call<SimState>('POST', '/scenario', { name }),
  setStatus: (status: 0 | 1 | 2) => call<SimState>('POST', '/status', { status }),
  setFlag: (modId: string, enabled: boolean) => call<Flag>('POST', '/flags', { modId, enabled }),
  setLatency: (ms: number) => call<unknown>('POST', '/latency', { ms }),
  reset: (scenario?: string) => call<SimState>('POST', '/reset', scenario ? { scenario } : {}),
  worlds: () => call<WorldList>('GET', '/worlds'),
  createWorld: (name: string) => call<WorldInfo>('POST', '/worlds', { name }),
  journal: (limit: number) => call<JournalEntry[]>('GET', `/journal?limit=${limit}`),
  clearJournal: () => call<{ removed: number }>('DELETE', '/journal'),
};

/** The live journal stream; `since` replays what came after the last entry already shown. */
export const journalStreamUrl = (since: number) => `/__sim/journal/stream?since=${since}`;

/** World names the simulator takes (server/sim/worlds.ts): 1–64 of A–Z, a–z, 0–9, _ and -. */
export const WORLD_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** This browser joins a world: the sim_world cookie names it for every call, and the page reloads. */
export function joinWorld(name: string): void {
  document.cookie = `sim_world=${encodeURIComponent(name)}; path=/; SameSite=Lax`;
  // A ?world= in the address would set the cookie back to the old world on the reload.
  const url = new URL(window.location.href);
  url.searchParams.delete('world');
  window.location.assign(url.toString());
}
