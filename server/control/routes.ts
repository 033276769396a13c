/**
 * The QA control API, mounted under /__sim in simulator mode only.
 * Every route comes from the table in server/control/contract.ts with its full schemas; replies use
 * the gateway's envelopes and bad input answers 400 naming the field.
 */
import { Value } from '@sinclair/typebox/value';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorEnvelopeSchema, Ok } from '../../openapi/common';
import type { ModuleNode } from '../../openapi/system';
import { onlyFileTypes } from '../content-type';
import { ApiError, badRequest, fieldsRefused } from '../errors';
import { FULLY_CHECKED_VALUES_MAX, holdsMoreThan } from '../plugins/contract-validation';
import { settleSalaries } from '../sim/agent';
import { mobileMatches } from '../sim/sms';
import type { Sim } from '../sim/state';
import { listScenarios } from '../sim/world';
import {
  ControlErrorCode,
  MAX_CLOCK_OFFSET_MS,
  SMS_DROPPED_HEADER,
  controlOps,
  faultShapeOf,
  SCENARIO_NAMES,
  SystemStatusNames,
  type ControlBody,
  type ControlOperationId,
  type ControlOp,
  type ControlOps,
  type ControlQuery,
  type ControlValue,
  type Flag,
  type SimState,
  type SnapshotInfo,
} from './contract';
import { buildControlDocument } from './document';
import { faultsOf } from './fault-store';
import { streamEvents } from './events';
import { journalHandlers } from './journal';
import { worldFileHandlers } from './world-files';
import { restore, snapshot, snapshotsOf, type Snapshot } from './snapshot';
import { startMaintenance } from '../sim/maintenance';

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

/** The world's control state, as GET /__sim/state and the event streams send it. */
export { state as controlState };

function state(sim: Sim, request: Pick<FastifyRequest, 'worldName' | 'server'>): SimState {
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
      smsDropped: sim.sms.dropped,
      guests: sim.guests.size,
      faults: faultsOf(sim).count,
      snapshots: snapshotsOf(sim).size,
    },
    replay: request.server.replay?.info ?? null,
  };
}

/** The 400 of an unknown scenario name, naming the field. */
const unknownScenario = (name: unknown, field: string) =>
  badRequest(
    `Unknown scenario "${String(name)}" (known: ${SCENARIO_NAMES.join(', ')})`,
    field,
    ControlErrorCode.unknownScenario,
  );

/** 400 naming the field unless `name` is a scenario of fixtures/scenarios. */
function checkScenario(name: string, field: string): void {
  if (!SCENARIO_NAMES.includes(name)) throw unknownScenario(name, field);
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params?: { allowedValues?: unknown[] };
}

/**
 * A validation failure that is only about scenario names (the enum of SCENARIO_NAMES) answers the
 * control API's own code, sim.scenario.unknown, naming the field; any other failure is null.
 */
function scenarioRefusal(error: FastifyError & { validation?: ValidationIssue[] }, request: FastifyRequest): ApiError | null {
  const issues = error.validation;
  if (!issues?.length || error.validationContext !== 'body') return null;
  const aboutScenario = (i: ValidationIssue) =>
    i.keyword === 'enum' &&
    i.params?.allowedValues?.length === SCENARIO_NAMES.length &&
    i.params.allowedValues.every((v, n) => v === SCENARIO_NAMES[n]);
  if (!issues.every(aboutScenario)) return null;
  const key = issues[0]!.instancePath.replace(/^\//, '');
  const value = (request.body as Record<string, unknown> | null)?.[key];
  return unknownScenario(value, `body/${key}`);
}

/**
 * What is wrong with a fault body, against the shape it is meant as (faultShapeOf), one message per
 * field (the first LISTED_FIELDS_MAX named, the rest counted); the route's schema (the union of the
 * shapes) would list every shape's complaints instead. An object of no shape at all is
 * sim.fault.empty. Nothing for a valid body, a non-object or a body of over FULLY_CHECKED_VALUES_MAX
 * values (left to the schema, which names such a body's first problem only).
 */
export function faultProblems(body: unknown): ApiError | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const shape = faultShapeOf(body as Record<string, unknown>);
  if (!shape) {
    return badRequest('A fault needs a status, a delayMs or drop: true', 'body', ControlErrorCode.emptyFault);
  }
  if (holdsMoreThan(body, FULLY_CHECKED_VALUES_MAX)) return null;
  const fields = new Map<string, string>();
  for (const e of Value.Errors(shape, body)) {
    const field = `body${e.path}`;
    if (!fields.has(field)) fields.set(field, `${e.message} (${String(shape.title)})`);
  }
  if (!fields.size) return null;
  return fieldsRefused([...fields].map(([field, message]) => ({ field, message })));
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

  streamEvents: ({ sim, request, reply }) => {
    streamEvents(request, reply, state(sim, request));
    return null;
  },

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
    // Through the world's record, so the change is committed under --state and undone by a rewind.
    const { brand } = sim.editWorld();
    // Maintenance starts now: the window the page shows runs from the switch.
    if (status === 1 && brand.systemStatus !== 1) startMaintenance(sim);
    sim.editWorld().brand.systemStatus = status;
    return state(sim, request);
  },

  getFlags: ({ sim }) => flagRows(sim.world.whitelabel),

  setFlag: ({ sim, body }) => {
    sim.setFlag(body.modId, body.enabled);
    const row = flagRows(sim.world.whitelabel).find((f) => f.modId === body.modId);
    return row ?? { modId: body.modId, enabled: body.enabled, parent: null };
  },

  getSmsOutbox: ({ sim, query, reply }) => {
    // The outbox keeps the newest SMS_OUTBOX_KEEP; how many older ones went is said in a header.
    void reply.header(SMS_DROPPED_HEADER, String(sim.sms.dropped));
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
    // The clock stays within ten years of real time either way, however many moves add up to it:
    // before that, dates fall before 1970 and the gateway's own replies break their contract.
    const offset = sim.clock.offset + body.ms;
    if (Math.abs(offset) > MAX_CLOCK_OFFSET_MS) {
      throw fieldsRefused([{ field: 'body/ms', message: `would move the clock ${Math.round(offset / 86_400_000)} days from real time (it is ${Math.round(sim.clock.offset / 86_400_000)} now); at most ${MAX_CLOCK_OFFSET_MS / 86_400_000} either way` }]);
    }
    sim.clock.advance(body.ms);
    // What the jump expired goes now (bounded memory).
    sim.sweep();
    // Salary periods the jump ended are paid now, under the flags as they stand.
    settleSalaries(sim);
    return { now: sim.now(), offsetMs: sim.clock.offset };
  },

  resetClock: ({ sim }) => {
    sim.clock.reset();
    return { now: sim.now(), offsetMs: sim.clock.offset };
  },

  // The body has one of the fault shapes (the route's schema; faultProblems names what is wrong).
  addFault: ({ sim, body }) => faultsOf(sim).add(body),

  listFaults: ({ sim }) => faultsOf(sim).list(),

  clearFaults: ({ sim }) => ({ removed: faultsOf(sim).clear() }),

  // Faults and latency are rows of the world (fault-store.ts): committed, exported and rewound.
  setLatency: ({ sim, body }) => {
    faultsOf(sim).setLatency(body.ms);
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
    if (!request.server.worlds.exists(name)) throw notFound(`No world "${name}"`);
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
  ...worldFileHandlers,
};

/**
 * The largest body a control call takes unless its operation sets its own bodyLimit (a world file):
 * its JSON bodies are a name, a flag, a fault or an expectation (whose values the journal keeps only
 * up to 64 KB), so 1 MiB is far above any real one, and one oversized body cannot hold the server
 * for seconds parsing and validating it.
 */
const CONTROL_BODY_LIMIT = 1024 * 1024;

/**
 * The control API's routes; server/plugins/control-api.ts mounts them under /__sim (simulator mode
 * only) with live events (server/plugins/live-events.ts) on the same instance. Faults need the hook
 * of server/control/faults.ts on the root app as well (server/plugins/fault-injection.ts).
 */
export async function controlRoutes(app: FastifyInstance): Promise<void> {
  // A file body (a world import) arrives as bytes; only an operation that takes one accepts its type.
  const fileTypes = [...new Set(Object.values(controlOps).flatMap((op: ControlOp) => op.fileBody ?? []))];
  app.addContentTypeParser(fileTypes, { parseAs: 'buffer', bodyLimit: Math.max(...Object.values(controlOps).map((op: ControlOp) => op.bodyLimit ?? 0)) }, (request, body, done) => {
    const op = controlOps[(request.routeOptions.config as { controlOperationId?: ControlOperationId }).controlOperationId ?? ('' as ControlOperationId)] as ControlOp | undefined;
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
    if (op?.fileBody?.includes(type)) done(null, body);
    else done(Object.assign(new Error(`Unsupported Media Type: ${type}`), { statusCode: 415 }), undefined);
  });
  for (const key of Object.keys(controlOps) as ControlOperationId[]) {
    const op: ControlOps[ControlOperationId] = controlOps[key];
    const handler = handlers[key] as (ctx: ControlContext<ControlOperationId>) => unknown;
    const schema: Record<string, unknown> = {
      operationId: `sim_${op.operationId}`,
      tags: ['control'],
      summary: op.summary,
      response: {
        ...(op.fileReply ? {} : { 200: Ok(op.value, `${op.operationId}Reply`) }),
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
      // A file body's route takes only its file types (server/content-type.ts).
      config: { controlOperationId: op.operationId, ...(op.fileBody ? { bodyTypes: op.fileBody } : {}) },
      preParsing: op.fileBody ? onlyFileTypes : undefined,
      bodyLimit: op.bodyLimit ?? CONTROL_BODY_LIMIT,
      // Before the schema: a fault body's problems named against the shape it is meant as.
      preValidation:
        op.operationId === 'addFault'
          ? (request, _reply, done) => {
              const problem = faultProblems(request.body);
              done(problem ?? undefined);
            }
          : undefined,
      handler: async (request, reply) => {
        const value = await handler({
          sim: request.sim,
          params: (request.params ?? {}) as Record<string, string>,
          query: (request.query ?? {}) as never,
          body: (request.body ?? {}) as never,
          request,
          reply,
        });
        // A file reply (an export) is its bytes, typed by its handler.
        return op.fileReply ? value : { success: true, value };
      },
    });
  }

  // An unknown scenario name answers the control API's own code; every other error goes on to the
  // app's handler (the envelope, 400 naming the fields).
  app.setErrorHandler((error: FastifyError & { validation?: ValidationIssue[] }, request) => {
    const refusal = error.validation ? scenarioRefusal(error, request) : null;
    throw refusal ?? error;
  });

  // Built once: the contract does not change while the server runs.
  const document = buildControlDocument();
  app.get('/openapi.json', async () => document);
}
