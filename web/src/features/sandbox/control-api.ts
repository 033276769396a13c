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
  scenario: { name: string; description: string };
  status: 0 | 1 | 2;
  statusName: string;
  flags: Record<string, boolean>;
  latencyMs: number;
  /** Replay mode: the operations answered from a recording; null otherwise. */
  replay: ReplayInfo | null;
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

async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/__sim${path}`, {
    method,
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; value?: T; message?: string };
  if (!envelope.success) throw new Error(envelope.message ?? `control API ${path} failed`);
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
  reset: () => call<SimState>('POST', '/reset'),
};
