/**
 * Fault and latency injection for the QA control API: a global onRequest hook on the whole app
 * delays, fails or drops the calls that match a fault. /__sim itself is never touched, so QA can
 * always clear what it set.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { journalDropped } from '../journal-hooks';
import { ErrorCode } from '../../openapi/common';
import type { Sim } from '../sim/state';
import { CONTROL_PREFIX, ControlErrorCode, type Fault, type FaultFields, type FaultInput } from './contract';

/** errorCode of an injected failure when the fault names none: what the gateway sends for that status. */
const DEFAULT_CODES: Record<number, string> = {
  400: ErrorCode.requestParam,
  401: ErrorCode.notSession,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  429: ErrorCode.throttled,
  500: ErrorCode.unknown,
  503: ErrorCode.maintenance,
};

export interface RequestKey {
  method: string;
  /** Raw path without the query. */
  path: string;
  /** The matched route's URL pattern, if a route matched. */
  routeUrl?: string;
  operationId?: string;
}

/** Faults and latency of one simulator. */
export class FaultStore {
  faults: Fault[] = [];
  latencyMs = 0;
  private nextId = 1;

  add(shape: FaultInput): Fault {
    // The three shapes read as one record: what a shape lacks is absent.
    const input: FaultFields = shape;
    const fault: Fault = {
      id: this.nextId++,
      method: input.method ?? null,
      path: input.path,
      delayMs: input.delayMs ?? 0,
      status: input.status ?? null,
      errorCode: input.errorCode ?? null,
      message: input.message ?? null,
      drop: input.drop ?? false,
      remaining: input.times ?? null,
      hits: 0,
    };
    this.faults.push(fault);
    return fault;
  }

  clear(): number {
    const removed = this.faults.length;
    this.faults = [];
    return removed;
  }

  reset(): void {
    this.clear();
    this.latencyMs = 0;
  }

  /**
   * The first fault matching a call, counted as used (and removed once its times are spent). A fault
   * path matches the route's URL pattern, the operationId, the raw path, or, ending in '*', a prefix.
   */
  take(key: RequestKey): Fault | undefined {
    const fault = this.faults.find(
      (f) => (!f.method || f.method === key.method) && pathMatches(f.path, key),
    );
    if (!fault) return undefined;
    fault.hits += 1;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    }
    return { ...fault };
  }
}

function pathMatches(pattern: string, key: RequestKey): boolean {
  if (pattern.endsWith('*')) return key.path.startsWith(pattern.slice(0, -1));
  return pattern === key.routeUrl || pattern === key.operationId || pattern === key.path;
}

// One store per simulator: the hook (root app) and the control routes (their own scope) share it.
const stores = new WeakMap<Sim, FaultStore>();

export function faultsOf(sim: Sim): FaultStore {
  let store = stores.get(sim);
  if (!store) {
    store = new FaultStore();
    stores.set(sim, store);
  }
  return store;
}

/** The error envelope an injected status answers with. */
export function faultEnvelope(fault: Fault) {
  const status = fault.status ?? 500;
  return {
    success: false as const,
    errorCode: fault.errorCode ?? DEFAULT_CODES[status] ?? ControlErrorCode.injected,
    message: fault.message ?? `Injected fault (${status})`,
  };
}

/**
 * Adds the fault hook to the app (call it on the root instance, simulator mode only). It runs before
 * every route's own hooks, so an injected failure comes before access checks and the status gate.
 */
export function installFaultHook(app: FastifyInstance): void {
  // Synchronous while no latency and no fault is set (every call but those QA is testing): an async
  // hook costs a promise and a microtask turn per request (docs/benchmarks.md).
  app.addHook('onRequest', (request, reply, done) => {
    const store = faultsOf(request.sim);
    if (store.latencyMs === 0 && store.faults.length === 0) {
      done();
      return;
    }
    injectFault(request, reply, store).then(
      (sent) => {
        if (!sent) done();
      },
      (err: unknown) => done(err as Error),
    );
  });
}

/** Applies the latency and the first matching fault to a call; true when the reply was sent or dropped. */
async function injectFault(request: FastifyRequest, reply: FastifyReply, store: FaultStore): Promise<boolean> {
  const path = request.url.split('?')[0] ?? '/';
  if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) return false;
  if (store.latencyMs > 0) {
    request.simInjected = { latencyMs: store.latencyMs, fault: null };
    await sleep(store.latencyMs);
  }
  const fault = store.take({
    method: request.method,
    path,
    routeUrl: request.routeOptions.url,
    operationId: (request.routeOptions.config as { operationId?: string } | undefined)?.operationId,
  });
  if (!fault) return false;
  // The journal records what was applied (server/journal-hooks.ts).
  request.simInjected = { latencyMs: store.latencyMs, fault };
  if (fault.delayMs > 0) await sleep(fault.delayMs);
  if (fault.drop) {
    // No answer at all: the client sees the connection reset, as with a dead proxy.
    journalDropped(request);
    reply.hijack();
    reply.raw.destroy();
    // app.inject's fake socket has no destroy(); its response rejects on the destroy above.
    const socket = request.raw.socket as { destroy?: () => void } | undefined;
    if (typeof socket?.destroy === 'function') socket.destroy();
    return true;
  }
  if (fault.status !== null) {
    void reply.status(fault.status).send(faultEnvelope(fault));
    return true;
  }
  return false;
}
