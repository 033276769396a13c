/**
 * The QA control API (design.md, "The simulator"), mounted under /__sim in simulator mode only.
 * Every route comes from the table in server/control/contract.ts with its full schemas; replies use
 * the gateway's envelopes and bad input answers 400 naming the field.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorEnvelopeSchema, Ok } from '../../openapi/common';
import type { ModuleNode } from '../../openapi/system';
import { ApiError, badRequest } from '../errors';
import { settleSalaries } from '../sim/agent';
import { mobileMatches } from '../sim/sms';
import type { Sim } from '../sim/state';
import { listScenarios } from '../sim/world';
import {
  ControlErrorCode,
  controlOps,
  SystemStatusNames,
  type ControlBody,
  type ControlOperationId,
  type ControlOps,
  type ControlQuery,
  type ControlValue,
  type Flag,
  type SimState,
  type SnapshotInfo,
} from './contract';
import { buildControlDocument } from './document';
import { faultsOf } from './faults';
import { endStreams, journalHandlers } from './journal';
import { restore, snapshot, snapshotsOf, type Snapshot } from './snapshot';

interface ControlContext<K extends ControlOperationId> {
  sim: Sim;
  params: Record<string, string>;
  query: ControlQuery<K>;
  body: ControlBody<K>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type ControlHandlers = {
  [K in ControlOperationId]: (ctx: ControlContext<K>) => ControlValue<K> | Promise<ControlValue<K>>;
};

const notFound = (message: string) => new ApiError(404, ControlErrorCode.nothingFound, message);

function flagRows(tree: ModuleNode[], parent: string | null = null): Flag[] {
  return tree.flatMap((node) => [
    { modId: node.modId, enabled: node.enabled, parent },
    ...flagRows(node.childrenNodes, node.modId),
  ]);
}

function state(sim: Sim, request: FastifyRequest): SimState {
  const status = sim.systemStatus;
  return {
    world: request.worldName,
    scenario: { name: sim.scenario.name, description: sim.scenario.description },
    status,
    statusName: SystemStatusNames[status],
    flags: Object.fromEntries(flagRows(sim.world.whitelabel).map((f) => [f.modId, f.enabled])),
    clock: { now: sim.now(), offsetMs: sim.clock.offset },
    latencyMs: faultsOf(sim).latencyMs,
    counts: {
      accounts: sim.accounts.size,
      sessions: sim.sessions.size,
      smsOutbox: sim.sms.outbox.length,
      faults: faultsOf(sim).faults.length,
      snapshots: snapshotsOf(sim).size,
    },
    replay: request.server.replay?.info ?? null,
  };
}

/** 400 naming the field unless `name` is a scenario of fixtures/scenarios. */
function checkScenario(name: string, field: string): void {
  const known = listScenarios().map((s) => s.name);
  if (!known.includes(name)) {
    throw badRequest(
      `Unknown scenario "${name}" (known: ${known.join(', ')})`,
      field,
      ControlErrorCode.unknownScenario,
    );
  }
}

/** Reload a scenario, refusing unknown names with 400 naming the field. */
function loadScenario(sim: Sim, name: string, field: string): void {
  checkScenario(name, field);
  sim.load(name);
}

const snapshotInfo = (s: Snapshot): SnapshotInfo => ({
  name: s.name,
  scenario: s.scenario,
  takenAt: s.takenAt,
});

const handlers: ControlHandlers = {
  getState: ({ sim, request }) => state(sim, request),

  listScenarios: () =>
    listScenarios().map((s) => ({
      name: s.name,
      description: s.description,
      ...(s.systemStatus !== undefined ? { systemStatus: s.systemStatus } : {}),
      ...(s.flags ? { flags: s.flags } : {}),
    })),

  setScenario: ({ sim, body, request }) => {
    loadScenario(sim, body.name, 'body/name');
    return state(sim, request);
  },

  setStatus: ({ sim, body, request }) => {
    const status =
      typeof body.status === 'number'
        ? body.status
        : (SystemStatusNames.indexOf(body.status) as 0 | 1 | 2);
    sim.world.brand.systemStatus = status;
    return state(sim, request);
  },

  getFlags: ({ sim }) => flagRows(sim.world.whitelabel),

  setFlag: ({ sim, body }) => {
    sim.setFlag(body.modId, body.enabled);
    const row = flagRows(sim.world.whitelabel).find((f) => f.modId === body.modId);
    return row ?? { modId: body.modId, enabled: body.enabled, parent: null };
  },

  getSmsOutbox: ({ sim, query }) => {
    const mobile = query.mobile;
    return sim.sms.outbox.filter((e) => !mobile || mobileMatches(mobile, e)).map((e) => ({ ...e }));
  },

  getLastSms: ({ sim, query }) => {
    const entry = sim.sms.last(query.mobile);
    if (!entry) throw notFound(query.mobile ? `No SMS sent to ${query.mobile}` : 'No SMS sent yet');
    return { ...entry };
  },

  getCaptcha: ({ sim, query }) => {
    if (query.id) {
      const answer = sim.captcha.answerOf(query.id);
      if (answer === null) throw notFound(`No live captcha ${query.id}`);
      return { id: query.id, answer };
    }
    const { lastId, lastAnswer } = sim.captcha;
    if (!lastId || lastAnswer === null) throw notFound('No captcha issued yet');
    return { id: lastId, answer: lastAnswer };
  },

  advanceClock: ({ sim, body }) => {
    sim.clock.advance(body.ms);
    // Salary periods the jump ended are paid now, under the flags as they stand.
    settleSalaries(sim);
    return { now: sim.now(), offsetMs: sim.clock.offset };
  },

  resetClock: ({ sim }) => {
    sim.clock.reset();
    return { now: sim.now(), offsetMs: sim.clock.offset };
  },

  addFault: ({ sim, body }) => {
    if (!body.status && !body.drop && !body.delayMs) {
      throw badRequest(
        'A fault needs at least one of status, delayMs or drop',
        'body',
        ControlErrorCode.emptyFault,
      );
    }
    if ((body.errorCode || body.message) && !body.status) {
      throw badRequest('errorCode and message need a status', 'body/status');
    }
    if (body.drop && body.status) throw badRequest('A dropped call has no status', 'body/drop');
    return faultsOf(sim).add(body);
  },

  listFaults: ({ sim }) => faultsOf(sim).faults.map((f) => ({ ...f })),

  clearFaults: ({ sim }) => ({ removed: faultsOf(sim).clear() }),

  setLatency: ({ sim, body }) => {
    faultsOf(sim).latencyMs = body.ms;
    return { ms: body.ms };
  },

  takeSnapshot: ({ sim, body }) => {
    const snap = snapshot(sim, body.name);
    snapshotsOf(sim).set(body.name, snap);
    return snapshotInfo(snap);
  },

  restoreSnapshot: ({ sim, body }) => {
    const snap = snapshotsOf(sim).get(body.name);
    if (!snap) {
      throw new ApiError(404, ControlErrorCode.unknownSnapshot, `No snapshot named ${body.name}`, {
        fields: [{ field: 'body/name', message: 'no such snapshot' }],
      });
    }
    restore(sim, snap);
    return snapshotInfo(snap);
  },

  listSnapshots: ({ sim }) => [...snapshotsOf(sim).values()].map(snapshotInfo),

  listWorlds: ({ request }) => request.server.worlds.list(),

  createWorld: ({ request, body }) => {
    if (body.scenario) checkScenario(body.scenario, 'body/scenario');
    const worlds = request.server.worlds;
    worlds.create(body.name, body.scenario);
    const info = worlds.list().worlds.find((w) => w.name === body.name);
    if (!info) throw notFound(`World "${body.name}" was unloaded at once (--max-worlds ${worlds.maxWorlds})`);
    return info;
  },

  deleteWorld: ({ request, params }) => {
    const name = params.name ?? '';
    if (!request.server.worlds.has(name)) throw notFound(`No world "${name}"`);
    return { name, removed: request.server.worlds.remove(name) };
  },

  reset: ({ sim, body, request }) => {
    const name = body.scenario ?? sim.scenario.name;
    checkScenario(name, 'body/scenario');
    // The clock goes back first, so the reload happens at real time: fixture contracts count as
    // active from then (Sim.loadedAt), not from the abandoned future.
    sim.clock.reset();
    sim.load(name);
    faultsOf(sim).reset();
    return state(sim, request);
  },

  ...journalHandlers,
};

/**
 * The control API plugin; register it with `{ prefix: '/__sim' }` in simulator mode only. Faults
 * need the hook of server/control/faults.ts on the root app as well (installFaultHook).
 */
export async function controlRoutes(app: FastifyInstance): Promise<void> {
  for (const key of Object.keys(controlOps) as ControlOperationId[]) {
    const op: ControlOps[ControlOperationId] = controlOps[key];
    const handler = handlers[key] as (ctx: ControlContext<ControlOperationId>) => unknown;
    const schema: Record<string, unknown> = {
      operationId: `sim_${op.operationId}`,
      tags: ['control'],
      summary: op.summary,
      response: {
        200: Ok(op.value, `${op.operationId}Reply`),
        '4xx': ErrorEnvelopeSchema,
        '5xx': ErrorEnvelopeSchema,
      },
    };
    if ('query' in op && op.query) schema.querystring = op.query;
    if ('params' in op && op.params) schema.params = op.params;
    if ('body' in op && op.body) schema.body = op.body;
    app.route({
      method: op.method,
      url: op.path.replace(/\{(\w+)\}/g, ':$1'),
      schema,
      config: { controlOperationId: op.operationId },
      handler: async (request, reply) => {
        const value = await handler({
          sim: request.sim,
          params: (request.params ?? {}) as Record<string, string>,
          query: (request.query ?? {}) as never,
          body: (request.body ?? {}) as never,
          request,
          reply,
        });
        return { success: true, value };
      },
    });
  }

  // A live journal stream would otherwise keep app.close() waiting for its connection.
  app.addHook('preClose', (done) => {
    endStreams(app);
    done();
  });

  // Built once: the contract does not change while the server runs.
  const document = buildControlDocument();
  app.get('/openapi.json', async () => document);
}
