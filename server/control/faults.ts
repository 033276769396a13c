/**
 * Fault and latency injection for the QA control API: a global onRequest hook on the whole app
 * delays, fails or drops the calls that match a fault. /__sim itself is never touched, so QA can
 * always clear what it set. The faults and the latency are rows of the world's tables
 * (server/control/fault-store.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ANSWERED } from '../plugins/request-pipeline';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { commitChanges, reportUnsaved } from '../durability';
import { journalDropped } from '../journal-hooks';
import { routedPath } from '../request-path';
import { ErrorCode } from '../../openapi/common';
import { CONTROL_PREFIX, ControlErrorCode, type Fault } from './contract';
import { faultsOf, type FaultStore } from './fault-store';

export { faultsOf, type FaultStore, type RequestKey } from './fault-store';

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
 * Adds the fault step to the app's request pipeline (server/plugins/request-pipeline.ts; simulator
 * mode only). It runs before every route's own hooks, so an injected failure comes before access
 * checks and the status gate.
 */
export function installFaultHook(app: FastifyInstance): void {
  // Synchronous while no latency and no fault is set (every call but those QA is testing): a promise
  // per request costs a microtask turn (docs/benchmarks.md).
  app.requestPipeline.onRequest('fault-injection', (request, reply) => {
    const store = faultsOf(request.sim);
    if (store.idle) return;
    return injectFault(request, reply, store).then(answeredIf);
  });
}

const answeredIf = (sent: boolean): typeof ANSWERED | undefined => (sent ? ANSWERED : undefined);

/** Applies the latency and the first matching fault to a call; true when the reply was sent or dropped. */
async function injectFault(request: FastifyRequest, reply: FastifyReply, store: FaultStore): Promise<boolean> {
  const path = routedPath(request.url);
  if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) return false;
  const latencyMs = store.latencyMs;
  if (latencyMs > 0) {
    request.simInjected = { latencyMs, fault: null };
    await sleep(latencyMs);
  }
  const fault = store.take({
    method: request.method,
    path,
    routeUrl: request.routeOptions.url,
    operationId: (request.routeOptions.config as { operationId?: string } | undefined)?.operationId,
  });
  if (!fault) return false;
  // The journal records what was applied (server/journal-hooks.ts).
  request.simInjected = { latencyMs, fault };
  if (fault.delayMs > 0) await sleep(fault.delayMs);
  if (fault.drop) {
    // The fault's use is a change of the world like any other: under `--state` it is written before
    // the connection is cut, so a restart does not apply a spent fault again.
    try {
      commitChanges(request.server.stateDir?.persistence, request.worldName, request.sim, request);
    } catch (err) {
      reportUnsaved(request, request.worldName, err);
    }
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
