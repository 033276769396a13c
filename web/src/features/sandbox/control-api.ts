/**
 * The QA control API (`/__sim`, simulator mode only). It is outside the gateway contract, so this
 * module is the one place in the web app that calls fetch directly; every other call goes through
 * the typed gateway client (web/src/api/client.ts). Its types are the ones generated from the
 * control API's document (packages/sandbox-kit/src/control-schema.ts, by `npm run gen`).
 *
 * A simulator started with a control token (`--control-token`, ADR 023) answers 401 without it: the
 * bar then asks for it once and keeps it for this tab (sessionStorage), sending it as
 * `X-Sim-Control-Token` on every call.
 */
import type { ControlBody } from '../../../../packages/sandbox-kit/src/types';
import type { Flag, JournalEntry, ScenarioInfo, SimState, WorldInfo, WorldList } from '../../../../packages/sandbox-kit/src/types';

export type { Flag, JournalEntry, ReplayInfo, ScenarioInfo, SimState, WorldInfo, WorldList } from '../../../../packages/sandbox-kit/src/types';

const TOKEN_KEY = 'simControlToken';
const TOKEN_HEADER = 'X-Sim-Control-Token';

function storedToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * Asks for the control token (a 401 said one is needed): the answer is kept for this tab. Replaced
 * in tests; null when the tester cancels.
 */
export let askForToken = (): string | null => window.prompt('This simulator wants its control token (X-Sim-Control-Token). Token:');

/** For tests: how the token is asked for. */
export function setTokenPrompt(prompt: () => string | null): void {
  askForToken = prompt;
}

/** The token as a query parameter for EventSource, which cannot send headers ('' when none). */
export function tokenQuery(): string {
  const token = storedToken();
  return token ? `&control_token=${encodeURIComponent(token)}` : '';
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

async function send(method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown): Promise<Response> {
  const token = storedToken();
  return fetch(`/__sim${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { [TOKEN_HEADER]: token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** One call's response; a 401 asks for the token once (per tab) and tries again with it. */
async function respond(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Response> {
  let response = await send(method, path, body);
  if (response.status === 401) {
    const token = askForToken()?.trim();
    if (token) {
      sessionStorage.setItem(TOKEN_KEY, token);
      response = await send(method, path, body);
      if (response.status === 401) sessionStorage.removeItem(TOKEN_KEY);
    }
  }
  return response;
}

/** One call's envelope value, or ControlApiError with the envelope's message and code. */
async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await respond(method, path, body);
  const envelope = (await response.json()) as { success: boolean; value?: T; message?: string; errorCode?: string };
  if (!envelope.success) throw new ControlApiError(envelope.message ?? `control API ${path} failed`, envelope.errorCode);
  return envelope.value as T;
}

export const controlApi = {
  state: () => call<SimState>('GET', '/state'),
  scenarios: () => call<ScenarioInfo[]>('GET', '/scenarios'),
  flags: () => call<Flag[]>('GET', '/flags'),
  setScenario: (name: string) => call<SimState>('POST', '/scenario', { name } as ControlBody<'setScenario'>),
  setStatus: (status: 0 | 1 | 2) => call<SimState>('POST', '/status', { status }),
  setFlag: (modId: string, enabled: boolean) => call<Flag>('POST', '/flags', { modId, enabled }),
  setLatency: (ms: number) => call<unknown>('POST', '/latency', { ms }),
  reset: (scenario?: string) => call<SimState>('POST', '/reset', (scenario ? { scenario } : {}) as ControlBody<'reset'>),
  worlds: () => call<WorldList>('GET', '/worlds'),
  createWorld: (name: string) => call<WorldInfo>('POST', '/worlds', { name }),
  journal: (limit: number) => call<JournalEntry[]>('GET', `/journal?limit=${limit}`),
  clearJournal: () => call<{ removed: number }>('DELETE', '/journal'),
  /** The world's file (its SQLite database with its journal, docs/decisions/030-world-files.md). */
  exportWorld: async (name: string): Promise<Blob> => {
    const response = await respond('GET', `/worlds/${encodeURIComponent(name)}/export`);
    if (response.ok) return response.blob();
    const envelope = (await response.json().catch(() => ({}))) as { message?: string; errorCode?: string };
    throw new ControlApiError(envelope.message ?? `control API export of ${name} failed`, envelope.errorCode);
  },
};

/** Save a file the page holds (a world's export) through the browser's download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The live journal stream; `since` replays what came after the last entry already shown. */
export const journalStreamUrl = (since: number) => `/__sim/journal/stream?since=${since}${tokenQuery()}`;

/** The live state stream of this tab's world. */
export const eventsUrl = () => `/__sim/events${tokenQuery().replace('&', '?')}`;

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
