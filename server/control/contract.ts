/**
 * The QA control API's own contract: every operation under /__sim is
 * defined once here, with TypeBox schemas. The routes (server/control/routes.ts), its OpenAPI
 * document (GET /__sim/openapi.json) and the typed client (scripts/sim-client.ts) are built from it.
 * Replies use the gateway's envelopes: `{ success: true, value }` or the error envelope.
 */
import type { FieldsOfUnion } from '../../packages/sandbox-kit/src/types';
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import type { ErrorCodeName } from '../../openapi/errors';
import { scenarioNames } from '../sim/world';


/** How far the simulator's clock may be from real time, either way: ten years. */
export const MAX_CLOCK_OFFSET_MS = 3_650 * 86_400_000;
export interface ControlOp<
  Q extends TObject | undefined = TObject | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  V extends TSchema = TSchema,
> {
  operationId: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Path below the /__sim prefix. */
  path: string;
  summary: string;
  description?: string;
  query?: Q;
  /** Path parameters, written `{name}` in `path`. */
  params?: TObject;
  /** An object schema, or a union of object shapes (the fault body). */
  body?: B;
  /** Schema of `value` in the success envelope. */
  value: V;
  /** Statuses of the error envelope this operation may answer besides 400. */
  errors?: readonly number[];
  /**
   * The operation answers Server-Sent Events (text/event-stream) instead of one envelope; each
   * event's data is JSON of this schema. `value` is then unused.
   */
  stream?: TSchema;
  /** Headers of the success reply, by name. */
  replyHeaders?: Readonly<Record<string, TSchema>>;
  /** The success reply is a file of this media type (its bytes, no envelope); `value` is unused. */
  fileReply?: string;
  /** The body is a file of one of these media types (its bytes, not JSON); `body` is unused. */
  fileBody?: readonly string[];
  /** The largest body the operation takes, in bytes, when more than the server's default (1 MiB). */
  bodyLimit?: number;
}

/** Header of the outbox reply: how many older SMS the outbox dropped (it keeps the newest 200 of a world). */
export const SMS_DROPPED_HEADER = 'x-sim-sms-dropped';

/** Identity helper keeping the literal schema types of a definition. */
function cop<
  const Q extends TObject | undefined,
  const B extends TSchema | undefined,
  const V extends TSchema,
>(def: ControlOp<Q, B, V>): ControlOp<Q, B, V> {
  return def;
}

export const CONTROL_PREFIX = '/__sim';

/** Error codes of the control API itself (the envelope is the gateway's). */
export const ControlErrorCode = {
  unknownScenario: 'sim.scenario.unknown',
  unknownSnapshot: 'sim.snapshot.unknown',
  nothingFound: 'sim.not.found',
  emptyFault: 'sim.fault.empty',
  injected: 'sim.fault.injected',
  journalOff: 'sim.journal.off',
} as const satisfies Record<string, ErrorCodeName>;

// ---- shared schemas -----------------------------------------------------------------------------

export const SystemStatusNames = ['normal', 'maintenance', 'region-restricted'] as const;
export type SystemStatusName = (typeof SystemStatusNames)[number];

export const SystemStatusValueSchema = Type.Union(
  [Type.Literal(0), Type.Literal(1), Type.Literal(2)],
  {
    title: 'SystemStatusCode',
    description: '0 normal, 1 maintenance, 2 region restricted (closed to visitors from that region).',
  },
);

const StatusNameSchema = Type.Union(
  SystemStatusNames.map((n) => Type.Literal(n)),
  { title: 'SystemStatusName' },
);

/**
 * The scenarios the simulator has: the files of fixtures/scenarios (SIM_FIXTURES_DIR for another
 * brand), read once when this module loads. The control routes validate with this enum and the
 * control document lists it, so the two are one list.
 */
export const SCENARIO_NAMES: readonly string[] = Object.freeze(scenarioNames());

/** A scenario name: one of SCENARIO_NAMES. */
export const ScenarioNameSchema = Type.Unsafe<string>({
  type: 'string',
  enum: [...SCENARIO_NAMES],
  title: 'ScenarioName',
  description: 'A scenario of fixtures/scenarios (its file name without .json).',
  examples: ['default'],
});
const ScenarioName = ScenarioNameSchema;

const SnapshotName = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9._-]+$',
  examples: ['before-deposit'],
});

const Mobile = Type.String({
  minLength: 1,
  maxLength: 20,
  pattern: '^[0-9+ -]+$',
  examples: ['03001234567'],
});

export const ScenarioInfoSchema = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    systemStatus: Type.Optional(SystemStatusValueSchema),
    flags: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
  },
  { title: 'ScenarioInfo' },
);

export const FlagSchema = Type.Object(
  {
    modId: Type.String({ examples: ['CBS3'] }),
    enabled: Type.Boolean(),
    parent: Type.Union([Type.String(), Type.Null()], {
      description: 'modId of the parent node; null at the top.',
    }),
  },
  { title: 'Flag' },
);

export const ClockSchema = Type.Object(
  {
    now: Type.Integer({ description: 'Simulator time, epoch milliseconds.' }),
    offsetMs: Type.Integer({ description: 'How far the simulator clock is ahead of real time.' }),
  },
  { title: 'Clock' },
);

export const WorldNameSchema = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'A world name: what the X-Sim-World header, the sim_world cookie or ?world= carry.',
  examples: ['qa-anna'],
});

export const WorldInfoSchema = Type.Object(
  {
    name: WorldNameSchema,
    scenario: Type.String(),
    status: SystemStatusValueSchema,
    createdAt: Type.Integer({ description: 'Wall time, epoch milliseconds.' }),
    lastUsedAt: Type.Integer({ description: 'Wall time of its last request, epoch milliseconds.' }),
    accounts: Type.Integer({ minimum: 0 }),
    liveSessions: Type.Integer({ minimum: 0 }),
    approxBytes: Type.Integer({ minimum: 0, description: 'A rough size of what the world owns (its accounts, ledger, sessions, SMS).' }),
    inFlight: Type.Integer({ minimum: 0, description: 'Requests being answered now (such a world is never unloaded).' }),
  },
  { title: 'WorldInfo' },
);

export const WorldListSchema = Type.Object(
  {
    worlds: Type.Array(WorldInfoSchema),
    unloaded: Type.Array(
      Type.Object({ name: WorldNameSchema, unloadedAt: Type.Integer(), reason: Type.String() }),
      {
        description:
          'Worlds not loaded now: those unloaded past --max-worlds (newest first, the last 100; without --state their state is gone, with it they are saved), then under --state every saved world not loaded since the start. A saved world is loaded again by its next call.',
      },
    ),
    maxWorlds: Type.Integer({ minimum: 1 }),
  },
  { title: 'WorldList' },
);

const ReplayProblemSchema = Type.Object({
  operationId: Type.String(),
  count: Type.Integer({ minimum: 0, description: 'Recorded replies of this operation left to the simulator.' }),
  reason: Type.String(),
});

export const ReplayInfoSchema = Type.Object(
  {
    dir: Type.String({ description: 'The recording folder (--replay DIR).' }),
    gateway: Type.String({ description: 'The gateway it was recorded from.' }),
    recordedAt: Type.String({ description: 'When the recording was last written (ISO 8601).' }),
    operations: Type.Array(Type.String(), { description: 'operationIds answered from the recording (for the recorded queries).' }),
    rejected: Type.Array(ReplayProblemSchema, { description: 'Recorded replies that break the contract: simulated instead.' }),
    ignored: Type.Array(ReplayProblemSchema, { description: 'Recorded operations the simulator always answers (world state, token calls).' }),
  },
  { title: 'ReplayInfo' },
);

export const StateSchema = Type.Object(
  {
    world: WorldNameSchema,
    scenario: Type.Object({ name: Type.String(), description: Type.String() }),
    status: SystemStatusValueSchema,
    statusName: StatusNameSchema,
    flags: Type.Record(Type.String(), Type.Boolean(), {
      description: 'Every module flag by modId.',
    }),
    clock: ClockSchema,
    latencyMs: Type.Integer({ minimum: 0 }),
    counts: Type.Object({
      accounts: Type.Integer({ minimum: 0 }),
      sessions: Type.Integer({ minimum: 0 }),
      smsOutbox: Type.Integer({ minimum: 0 }),
      smsDropped: Type.Integer({ minimum: 0, description: 'SMS dropped from the outbox, which keeps the newest 200 of the world.' }),
      guests: Type.Integer({ minimum: 0, description: 'Live free-play guests (they expire after --guest-ttl of the world clock).' }),
      faults: Type.Integer({ minimum: 0 }),
      snapshots: Type.Integer({ minimum: 0 }),
    }),
    replay: Type.Union([ReplayInfoSchema, Type.Null()], {
      description: 'Replay mode (npm start -- --replay DIR): which operations answer from the recording; null otherwise.',
    }),
  },
  { title: 'SimState' },
);

export const SmsSchema = Type.Object(
  {
    id: Type.Integer(),
    purpose: Type.String({ examples: ['register', 'login', 'forgot'] }),
    mobileNum: Type.String(),
    countryDialingCode: Type.String(),
    code: Type.String(),
    text: Type.String(),
    time: Type.Integer(),
    expiresAt: Type.Integer(),
  },
  { title: 'SmsMessage' },
);

export const CaptchaSchema = Type.Object(
  { id: Type.String(), answer: Type.String() },
  { title: 'CaptchaAnswer' },
);

const FaultMethodSchema = Type.Union(
  ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((m) => Type.Literal(m)),
  { description: 'Only calls of this method; any method when absent.' },
);

/** What every fault shape has: which calls it matches and how often it applies. */
const faultMatch = {
  method: Type.Optional(FaultMethodSchema),
  path: Type.String({
    minLength: 1,
    maxLength: 300,
    description:
      'Route URL pattern (e.g. /wps/member/info), an operationId (e.g. getMemberInfo), a raw path, or a prefix ending in *.',
    examples: ['/wps/member/info'],
  }),
  times: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Apply this many times, then remove.' }),
  ),
};
const MAX_FAULT_DELAY_MS = 120_000;
const NotDropped = Type.Optional(
  Type.Literal(false, { description: 'Only false here: a dropped call is the DropFault shape.' }),
);

/** Answer the call with an error status and the gateway's error envelope. */
export const StatusFaultSchema = Type.Object(
  {
    ...faultMatch,
    status: Type.Integer({ minimum: 400, maximum: 599, description: 'Answer this status with an error envelope.' }),
    errorCode: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: "errorCode of that envelope; by default the gateway's code for the status (sim.fault.injected for others).",
      }),
    ),
    message: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'message of that envelope.' })),
    delayMs: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_FAULT_DELAY_MS, description: 'Wait this long before answering.' }),
    ),
    drop: NotDropped,
  },
  {
    title: 'StatusFault',
    additionalProperties: false,
    description: "An error reply: the status with the gateway's error envelope (errorCode and message), after delayMs.",
    examples: [{ path: '/wps/member/info', status: 500, times: 1 }, { path: 'login', status: 400, errorCode: 'captcha-check-failed' }],
  },
);

/** Destroy the connection without an answer. */
export const DropFaultSchema = Type.Object(
  {
    ...faultMatch,
    drop: Type.Literal(true, { description: 'Destroy the connection without an answer.' }),
    delayMs: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_FAULT_DELAY_MS, description: 'Wait this long before dropping.' }),
    ),
  },
  {
    title: 'DropFault',
    additionalProperties: false,
    description: 'No answer at all: the connection is reset, as by a dead proxy.',
    examples: [{ path: '/wps/*', drop: true, times: 1 }],
  },
);

/** Delay the call, which is then answered as usual. */
export const DelayFaultSchema = Type.Object(
  {
    ...faultMatch,
    delayMs: Type.Integer({ minimum: 1, maximum: MAX_FAULT_DELAY_MS, description: 'Wait this long, then answer as usual.' }),
    drop: NotDropped,
  },
  {
    title: 'DelayFault',
    additionalProperties: false,
    description: 'A slow call: answered as usual after delayMs.',
    examples: [{ path: 'getMemberInfo', delayMs: 3000 }],
  },
);

/** The fault shapes, in the order a body is told apart by (faultShapeOf). */
export const FAULT_SHAPES = [StatusFaultSchema, DropFaultSchema, DelayFaultSchema] as const;

/**
 * The body of POST /__sim/faults: exactly one of the three shapes (a status reply, a dropped
 * connection, a delay). The shapes exclude each other, so this anyOf is also a oneOf.
 */
export const FaultInputSchema = Type.Union([...FAULT_SHAPES], {
  title: 'FaultInput',
  description:
    'One of three shapes: StatusFault (has status), DropFault (drop: true) or DelayFault (only delayMs). errorCode and message need a status; a dropped call has no status.',
});

/**
 * The shape a fault body is meant as, to name what is wrong in it: a status, errorCode or message
 * makes it a StatusFault, then drop other than false a DropFault, then delayMs a DelayFault (which
 * needs a delay of 1 ms or more). null: a body with no effect at all. Only a body of that shape can be valid, since the
 * shapes exclude each other.
 */
export function faultShapeOf(body: Record<string, unknown>): (typeof FAULT_SHAPES)[number] | null {
  if ('status' in body || 'errorCode' in body || 'message' in body) return StatusFaultSchema;
  if ('drop' in body && body.drop !== false) return DropFaultSchema;
  if ('delayMs' in body) return DelayFaultSchema;
  return null;
}

export const FaultSchema = Type.Object(
  {
    id: Type.Integer(),
    method: Type.Union([Type.String(), Type.Null()]),
    path: Type.String(),
    delayMs: Type.Integer({ minimum: 0 }),
    status: Type.Union([Type.Integer(), Type.Null()]),
    errorCode: Type.Union([Type.String(), Type.Null()]),
    message: Type.Union([Type.String(), Type.Null()]),
    drop: Type.Boolean(),
    remaining: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'null: until cleared.',
    }),
    hits: Type.Integer({ minimum: 0 }),
  },
  { title: 'Fault' },
);

export const SnapshotInfoSchema = Type.Object(
  { name: Type.String(), scenario: Type.String(), takenAt: Type.Integer() },
  { title: 'SnapshotInfo' },
);

// ---- journal -------------------------------------------------------------------------

const HttpMethodSchema = Type.Union(
  ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((m) => Type.Literal(m)),
  { title: 'HttpMethod' },
);

const JournalPathSchema = Type.String({
  minLength: 1,
  maxLength: 300,
  pattern: '^/',
  description: 'A request path without the query (/wps/member/info), or a prefix ending in * (/wps/*).',
  examples: ['/wps/session/login'],
});

const OperationIdSchema = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_]+$',
  description: 'operationId of the gateway contract (openapi/openapi.json).',
  examples: ['register'],
});

const HttpStatusSchema = Type.Integer({ minimum: 100, maximum: 599, examples: [200] });

export const JournalEntrySchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1, description: 'Increases by one per journaled call of this journal.' }),
    rewound: Type.Optional(
      Type.Boolean({ description: 'true when a rewind (POST /__sim/rewind) undid this call; absent otherwise.' }),
    ),
    time: Type.Integer({ description: 'Wall-clock time the call arrived, epoch milliseconds.' }),
    simTime: Type.Integer({ description: 'Simulator clock when the call arrived, epoch milliseconds.' }),
    method: Type.String({ examples: ['POST'] }),
    path: Type.String({ description: 'Request path without the query.', examples: ['/wps/session/login'] }),
    operationId: Type.Union([Type.String(), Type.Null()], {
      description: 'null when no route matched (404, 405).',
    }),
    query: Type.Record(Type.String(), Type.Unknown(), { description: 'The query string, as parsed.' }),
    headers: Type.Object(
      {
        merchant: Type.Union([Type.String(), Type.Null()]),
        device: Type.Union([Type.String(), Type.Null()]),
        language: Type.Union([Type.String(), Type.Null()]),
        moduleId: Type.Union([Type.String(), Type.Null()]),
        authorization: Type.Union([Type.String(), Type.Null()], {
          description: 'The token shortened to its first 6 characters and an ellipsis.',
        }),
      },
      { title: 'JournalHeaders' },
    ),
    encrypted: Type.Boolean({
      description: 'The body travelled DES/RSA-encrypted; `body` is the decrypted plaintext.',
    }),
    body: Type.Unknown({
      description:
        'The request body (decrypted plaintext for encrypted calls), secrets masked as "***", values over 64 KB cut; null when none.',
    }),
    status: HttpStatusSchema,
    reply: Type.Unknown({
      description:
        'The reply envelope as sent, secrets masked as "***"; a value over 64 KB is replaced by { $cut: true, bytes, preview }. null for a dropped connection.',
    }),
    durationMs: Type.Number({ minimum: 0, description: 'From arrival to the reply, injected delays included.' }),
    fault: Type.Union(
      [
        Type.Object({
          id: Type.Integer(),
          status: Type.Union([Type.Integer(), Type.Null()]),
          delayMs: Type.Integer({ minimum: 0 }),
          drop: Type.Boolean(),
        }),
        Type.Null(),
      ],
      { description: 'The injected fault that matched this call (server/control/faults.ts).' },
    ),
    latencyMs: Type.Integer({ minimum: 0, description: 'Injected latency applied before the call.' }),
    contract: Type.Object(
      {
        request: Type.Union([Type.Boolean(), Type.Null()], {
          description: 'The request passed validation; null when no route matched or the call was cut off before.',
        }),
        reply: Type.Union([Type.Boolean(), Type.Null()], {
          description: "The reply envelope matches the operation's response schema; null when not checked.",
        }),
        errors: Type.Array(Type.String(), { description: 'What failed, one line each.' }),
      },
      { title: 'JournalContract' },
    ),
  },
  { title: 'JournalEntry' },
);

export const JournalQuerySchema = Type.Object(
  {
    method: Type.Optional(HttpMethodSchema),
    path: Type.Optional(JournalPathSchema),
    operationId: Type.Optional(OperationIdSchema),
    status: Type.Optional(HttpStatusSchema),
    since: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Only entries with a greater id (for polling).' }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100_000, description: 'At most this many (the newest).' }),
    ),
  },
  { additionalProperties: false },
);

export const VerifyInputSchema = Type.Object(
  {
    method: Type.Optional(HttpMethodSchema),
    path: Type.Optional(JournalPathSchema),
    operationId: Type.Optional(OperationIdSchema),
    status: Type.Optional(HttpStatusSchema),
    body: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          description:
            'Deep partial match on the plaintext body: every key given must be there with that value (objects recursively, arrays element by element).',
          examples: [{ referralCode: 'R010001' }],
        },
      ),
    ),
    count: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, description: 'Exactly this many matches.' })),
    atLeast: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, description: 'At least this many (default 1).' })),
    atMost: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, description: 'At most this many.' })),
  },
  {
    title: 'VerifyInput',
    additionalProperties: false,
    examples: [{ operationId: 'register', body: { referralCode: 'R010001' } }],
  },
);

export const VerifyResultSchema = Type.Object(
  {
    ok: Type.Boolean({ description: 'The number of matching calls meets the expectation.' }),
    matched: Type.Integer({ minimum: 0, description: 'How many journaled calls matched.' }),
    expected: Type.String({ description: 'The expectation in words.', examples: ['at least 1'] }),
    nearMisses: Type.Array(
      Type.Object({
        entry: JournalEntrySchema,
        differences: Type.Array(
          Type.Object({
            field: Type.String({ examples: ['body/referralCode'] }),
            expected: Type.Unknown(),
            actual: Type.Unknown({ description: 'null when missing.' }),
          }),
        ),
      }),
      {
        maxItems: 5,
        description:
          'When unmet: up to 5 of the newest calls of the same operation (method, path, operationId) that failed on status or body, with what differed.',
      },
    ),
  },
  { title: 'VerifyResult' },
);

// ---- operations ---------------------------------------------------------------------------------

export const controlOps = {
  getState: cop({
    operationId: 'getState',
    method: 'GET',
    path: '/state',
    summary: 'Summary: scenario, system status, flags, clock, latency and counts',
    value: StateSchema,
  }),
  streamEvents: cop({
    operationId: 'streamEvents',
    method: 'GET',
    path: '/events',
    summary: 'Server-Sent Events: the world\'s state now and whenever a control call changes it',
    description:
      'text/event-stream for open pages to follow QA live. Event `state` carries the world\'s SimState as JSON: first the current one, then again after every successful control call that changed the world (scenario, status, flags, clock, faults, reset, restore...), whoever made it. The stream follows the world by its name: when the name comes to stand for another world (imported over, created, or deleted: then the fresh world its next call finds), it sends that world\'s state. A comment line every 15 s keeps proxies from closing the stream.',
    value: Type.Null(),
    stream: StateSchema,
  }),
  listScenarios: cop({
    operationId: 'listScenarios',
    method: 'GET',
    path: '/scenarios',
    summary: 'Scenarios of fixtures/scenarios with their descriptions',
    value: Type.Array(ScenarioInfoSchema),
  }),
  setScenario: cop({
    operationId: 'setScenario',
    method: 'POST',
    path: '/scenario',
    summary: 'Reload the world from a scenario (accounts, ledger and sessions start again)',
    body: Type.Object(
      { name: ScenarioName },
      { additionalProperties: false, examples: [{ name: 'maintenance' }] },
    ),
    value: StateSchema,
  }),
  setStatus: cop({
    operationId: 'setStatus',
    method: 'POST',
    path: '/status',
    summary: 'Set the system status',
    body: Type.Object(
      { status: Type.Union([SystemStatusValueSchema, StatusNameSchema]) },
      { additionalProperties: false, examples: [{ status: 'maintenance' }, { status: 0 }] },
    ),
    value: StateSchema,
  }),
  getFlags: cop({
    operationId: 'getFlags',
    method: 'GET',
    path: '/flags',
    summary: 'Every module flag of the whitelabel tree',
    value: Type.Array(FlagSchema),
  }),
  setFlag: cop({
    operationId: 'setFlag',
    method: 'POST',
    path: '/flags',
    summary: 'Switch a module flag on or off (an unknown modId is added at the top level)',
    body: Type.Object(
      {
        modId: Type.String({
          minLength: 1,
          maxLength: 64,
          pattern: '^[A-Za-z0-9_]+$',
          examples: ['CBS3'],
        }),
        enabled: Type.Boolean(),
      },
      { additionalProperties: false, examples: [{ modId: 'MOBILENUMREG3', enabled: true }] },
    ),
    value: FlagSchema,
  }),
  getSmsOutbox: cop({
    operationId: 'getSmsOutbox',
    method: 'GET',
    path: '/sms',
    summary: 'SMS outbox, oldest first, optionally of one mobile number',
    description:
      'The outbox keeps the newest 200 SMS of the world; the X-Sim-Sms-Dropped header of the reply (and counts.smsDropped of GET /state) says how many older ones were dropped.',
    query: Type.Object({ mobile: Type.Optional(Mobile) }, { additionalProperties: false }),
    value: Type.Array(SmsSchema),
    replyHeaders: {
      [SMS_DROPPED_HEADER]: Type.Integer({ minimum: 0, description: 'SMS dropped from this world\'s outbox so far (it keeps the newest 200).' }),
    },
  }),
  getLastSms: cop({
    operationId: 'getLastSms',
    method: 'GET',
    path: '/sms/last',
    summary: 'The newest SMS, optionally to one mobile number',
    query: Type.Object({ mobile: Type.Optional(Mobile) }, { additionalProperties: false }),
    value: SmsSchema,
    errors: [404],
  }),
  getCaptcha: cop({
    operationId: 'getCaptcha',
    method: 'GET',
    path: '/captcha',
    summary: 'Answer of the newest captcha, or of the captcha with this id',
    query: Type.Object(
      { id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9a-f]+$' })) },
      { additionalProperties: false },
    ),
    value: CaptchaSchema,
    errors: [404],
  }),
  advanceClock: cop({
    operationId: 'advanceClock',
    method: 'POST',
    path: '/clock/advance',
    summary: 'Move the simulator clock forward (or back, with a negative ms)',
    body: Type.Object(
      {
        ms: Type.Integer({
          minimum: -MAX_CLOCK_OFFSET_MS,
          maximum: MAX_CLOCK_OFFSET_MS,
          description: 'Milliseconds; the clock ends at most ten years from real time either way (a move past that is refused).',
        }),
      },
      { additionalProperties: false, examples: [{ ms: 300_000 }] },
    ),
    value: ClockSchema,
  }),
  resetClock: cop({
    operationId: 'resetClock',
    method: 'POST',
    path: '/clock/reset',
    summary: 'Back to real time',
    value: ClockSchema,
  }),
  addFault: cop({
    operationId: 'addFault',
    method: 'POST',
    path: '/faults',
    summary: 'Inject a fault: delay, an error status, or a dropped connection',
    body: FaultInputSchema,
    value: FaultSchema,
  }),
  listFaults: cop({
    operationId: 'listFaults',
    method: 'GET',
    path: '/faults',
    summary: 'Faults in force',
    value: Type.Array(FaultSchema),
  }),
  clearFaults: cop({
    operationId: 'clearFaults',
    method: 'DELETE',
    path: '/faults',
    summary: 'Remove every fault',
    value: Type.Object({ removed: Type.Integer({ minimum: 0 }) }),
  }),
  setLatency: cop({
    operationId: 'setLatency',
    method: 'POST',
    path: '/latency',
    summary: 'Extra delay before every call outside /__sim (0 switches it off)',
    body: Type.Object(
      { ms: Type.Integer({ minimum: 0, maximum: 60_000 }) },
      { additionalProperties: false, examples: [{ ms: 800 }] },
    ),
    value: Type.Object({ ms: Type.Integer({ minimum: 0 }) }),
  }),
  takeSnapshot: cop({
    operationId: 'takeSnapshot',
    method: 'POST',
    path: '/snapshot',
    summary: 'Save the simulator state under a name (replaces one of the same name)',
    body: Type.Object(
      { name: SnapshotName },
      { additionalProperties: false, examples: [{ name: 'before-deposit' }] },
    ),
    value: SnapshotInfoSchema,
  }),
  restoreSnapshot: cop({
    operationId: 'restoreSnapshot',
    method: 'POST',
    path: '/restore',
    summary: 'Put back a saved state (it stays saved, so it can be restored again)',
    body: Type.Object(
      { name: SnapshotName },
      { additionalProperties: false, examples: [{ name: 'before-deposit' }] },
    ),
    value: SnapshotInfoSchema,
    errors: [404],
  }),
  listWorlds: cop({
    operationId: 'listWorlds',
    method: 'GET',
    path: '/worlds',
    summary: 'The worlds of this simulator, and the ones unloaded past --max-worlds',
    value: WorldListSchema,
  }),
  createWorld: cop({
    operationId: 'createWorld',
    method: 'POST',
    path: '/worlds',
    summary: 'Create a world (optionally in a scenario); 409 when it exists',
    body: Type.Object(
      { name: WorldNameSchema, scenario: Type.Optional(ScenarioName) },
      { additionalProperties: false, examples: [{ name: 'qa-anna' }, { name: 'qa-ben', scenario: 'maintenance' }] },
    ),
    value: WorldInfoSchema,
    errors: [409],
  }),
  deleteWorld: cop({
    operationId: 'deleteWorld',
    method: 'DELETE',
    path: '/worlds/{name}',
    summary: 'Remove a world (the default world is reset instead); 404 when there is none',
    params: Type.Object({ name: WorldNameSchema }, { additionalProperties: false }),
    value: Type.Object({ name: WorldNameSchema, removed: Type.Boolean() }),
    errors: [404],
  }),
  exportWorld: cop({
    operationId: 'exportWorld',
    method: 'GET',
    path: '/worlds/{name}/export',
    summary: "The world as one file: its SQLite database (a state directory's format) with its journal; 404 when there is none",
    description:
      "application/vnd.sqlite3, named NAME.sqlite by Content-Disposition: every table of the world (accounts, balances, sessions, clock, flags, status, scenario, snapshots...) as a state directory keeps it (docs/world-tables.md), plus its request journal and its name. POST /__sim/worlds/{name}/import takes it back.",
    params: Type.Object({ name: WorldNameSchema }, { additionalProperties: false }),
    value: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'The world file.' }),
    fileReply: 'application/vnd.sqlite3',
    errors: [404],
  }),
  importWorld: cop({
    operationId: 'importWorld',
    method: 'POST',
    path: '/worlds/{name}/import',
    summary: 'Create or replace a world from an exported file (the body); 400 naming what is wrong with the file, and nothing changes',
    description:
      'The body is a file of GET /__sim/worlds/{name}/export (or of a state directory), sent as application/vnd.sqlite3 or application/octet-stream, up to 256 MiB. The world NAME becomes that world, whole: accounts, balances, live sessions (their tokens keep working), clock, flags, status, scenario, snapshots and journal; durable at once under --state. A file that is not SQLite, another application\'s database, of a newer format, damaged or truncated answers 400 and the world NAME is untouched.',
    params: Type.Object({ name: WorldNameSchema }, { additionalProperties: false }),
    value: WorldInfoSchema,
    fileBody: ['application/vnd.sqlite3', 'application/octet-stream'],
    bodyLimit: 256 * 1024 * 1024,
    errors: [503],
  }),
  importNamedWorld: cop({
    operationId: 'importNamedWorld',
    method: 'POST',
    path: '/worlds/import',
    summary: 'Create or replace the world an exported file names (the body), under that name',
    description:
      'As POST /__sim/worlds/{name}/import, the name being the one the file was exported under; a state directory\'s file names no world and answers 400 (import it with a name).',
    value: WorldInfoSchema,
    fileBody: ['application/vnd.sqlite3', 'application/octet-stream'],
    bodyLimit: 256 * 1024 * 1024,
    errors: [503],
  }),
  listSnapshots: cop({
    operationId: 'listSnapshots',
    method: 'GET',
    path: '/snapshots',
    summary: 'Saved states',
    value: Type.Array(SnapshotInfoSchema),
  }),
  getJournal: cop({
    operationId: 'getJournal',
    method: 'GET',
    path: '/journal',
    summary: 'Journaled gateway calls, newest first, with decrypted bodies and masked secrets',
    query: JournalQuerySchema,
    value: Type.Array(JournalEntrySchema),
    errors: [409],
  }),
  clearJournal: cop({
    operationId: 'clearJournal',
    method: 'DELETE',
    path: '/journal',
    summary: 'Empty the journal (entry ids keep counting)',
    value: Type.Object({ removed: Type.Integer({ minimum: 0 }) }),
  }),
  verifyJournal: cop({
    operationId: 'verifyJournal',
    method: 'POST',
    path: '/journal/verify',
    summary: 'Check that matching calls were made: an unmet expectation is ok false, not an error',
    body: VerifyInputSchema,
    value: VerifyResultSchema,
    errors: [409],
  }),
  streamJournal: cop({
    operationId: 'streamJournal',
    method: 'GET',
    path: '/journal/stream',
    summary: 'Server-Sent Events: every new journal entry as it is written',
    description:
      'text/event-stream. Event `entry` carries a JournalEntry as JSON; its event id is `JOURNAL:ID`, the journal\'s identity and the entry\'s id (the stream also starts with an id of its own, in a block with no event, so a reconnect before any entry resumes from there). `clear` says the journal was emptied; the stream follows the world by its name, so when the name comes to stand for another world (imported over it, or deleted and made again by a later call) it sends `clear`, then that world\'s journal so far; a comment line every 15 s keeps proxies from closing the stream. `since` first replays the entries after that entry id. On a reconnect the Last-Event-ID header wins: one of this journal replays the entries after it; one of another journal (the world since replaced, or the simulator restarted), whose ids may run the same numbers, gets `clear` and then this journal from its start.',
    query: Type.Object(
      { since: Type.Optional(Type.Integer({ minimum: 0, description: 'Replay entries after this id first.' })) },
      { additionalProperties: false },
    ),
    value: Type.Null(),
    stream: JournalEntrySchema,
    errors: [409],
  }),
  rewind: cop({
    operationId: 'rewind',
    method: 'POST',
    path: '/rewind',
    summary: 'Put the world back as it was just before a journaled call; that call and later ones are marked rewound',
    description:
      'Puts back the rows every call since journal entry `before` changed (control calls included), injected faults and latency too, as one change. 400 when the entry is unknown, no longer in the journal, already rewound, or older than the changes kept.',
    body: Type.Object(
      { before: Type.Integer({ minimum: 1, description: 'The id of the journal entry to undo, with everything after it.' }) },
      { additionalProperties: false, examples: [{ before: 12 }] },
    ),
    value: Type.Object({
      rows: Type.Integer({ minimum: 0, description: 'Rows put back.' }),
      rewound: Type.Array(Type.Integer({ minimum: 1 }), { description: 'The journal entries undone, oldest first.' }),
    }),
    errors: [400, 409],
  }),
  reset: cop({
    operationId: 'reset',
    method: 'POST',
    path: '/reset',
    summary:
      'Start again: reload a scenario (the current one by default), real time, no faults, no latency',
    body: Type.Object(
      { scenario: Type.Optional(ScenarioName) },
      { additionalProperties: false, examples: [{}, { scenario: 'default' }] },
    ),
    value: StateSchema,
  }),
} as const;

export type ControlOps = typeof controlOps;
export type ControlOperationId = keyof ControlOps;

type StaticOr<T, D> = T extends TSchema ? Static<T> : D;
/** Query of an operation, or never-filled when it has none. */
export type ControlQuery<K extends ControlOperationId> = StaticOr<
  NonNullable<ControlOps[K]['query']>,
  undefined
>;
export type ControlBody<K extends ControlOperationId> = StaticOr<
  NonNullable<ControlOps[K]['body']>,
  undefined
>;
export type ControlValue<K extends ControlOperationId> = Static<ControlOps[K]['value']>;

export type SimState = Static<typeof StateSchema>;
export type ScenarioInfo = Static<typeof ScenarioInfoSchema>;
export type Flag = Static<typeof FlagSchema>;
export type SmsMessage = Static<typeof SmsSchema>;
export type CaptchaAnswer = Static<typeof CaptchaSchema>;
export type Clock = Static<typeof ClockSchema>;
export type FaultInput = Static<typeof FaultInputSchema>;
/** Every field a fault body may carry, whichever its shape (the shapes read as one record). */
export type FaultFields = FieldsOfUnion<FaultInput>;
export type Fault = Static<typeof FaultSchema>;
export type SnapshotInfo = Static<typeof SnapshotInfoSchema>;
export type WorldInfo = Static<typeof WorldInfoSchema>;
export type WorldList = Static<typeof WorldListSchema>;
export type JournalEntry = Static<typeof JournalEntrySchema>;
export type JournalQuery = Static<typeof JournalQuerySchema>;
export type VerifyInput = Static<typeof VerifyInputSchema>;
export type VerifyResult = Static<typeof VerifyResultSchema>;
