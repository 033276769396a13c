/**
 * The `lotus-sim` command (and the portal's `npm run sim`): drives the simulator's QA control API
 * from a terminal. `lotus-sim help` lists the commands. The server is found at --url, else $SIM_URL,
 * else http://localhost:${PORT:-8080}; the control token is --token, else $SIM_CONTROL_TOKEN. Exit
 * codes: 0 done, 1 the simulator refused, 2 usage error, 3 simulator unreachable.
 *
 * A host program may add commands of its own (`CliOptions.commands`): they are dispatched before the
 * kit's and listed in the help.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { SimApiError, SimClient, SimUnreachableError } from './client.js';
import { SystemStatusNames, type Fault, type FaultFields, type FaultInput, type Flag, type JournalEntry, type JournalQuery, type SimState, type SmsMessage, type SystemStatusName, type VerifyInput } from './types.js';

export const EXIT = { ok: 0, refused: 1, usage: 2, unreachable: 3 } as const;

export function helpText(program = 'lotus-sim', extra: readonly CliCommand[] = []): string {
  return `Usage: ${program} <command> [arguments] [--url URL] [--json]

Commands:
  state                                   scenario, status, clock, latency and counts
  worlds                                  the worlds of this simulator (--world NAME picks one)
  world export <NAME> <FILE>              save a world to a file (its SQLite database, journal
                                          included)
  world import <FILE> [--as NAME]         create or replace a world from such a file (by default
                                          the world it was exported from)
  status [normal|maintenance|region-restricted]
                                          show or set the system status
  scenario [name]                         show the scenario, or reload the world from another
  scenarios                               list the scenarios
  flag <MODID> on|off                     switch a module flag (unknown ones are added)
  flags                                   list the module flags
  sms last [mobile]                       the newest SMS (with its code)
  sms outbox [mobile]                     every SMS sent
  captcha [id]                            answer of the newest captcha (or of one id)
  clock advance <duration>                move the clock, e.g. 30s, 5m, 2h, 1d, 250ms
  clock reset                             back to real time
  fault add <path> [--status N] [--delay ms] [--drop] [--times n] [--method M] [--code errorCode]
                                          fail, delay or drop calls to a route (URL pattern,
                                          operationId, or a prefix ending in *)
  fault list                              faults in force
  fault clear                             remove every fault
  latency <ms>                            extra delay before every call (0 = off)
  snapshot <name>                         save the simulator state
  snapshots                               list saved states
  restore <name>                          put a saved state back
  reset [scenario]                        reload (the current or another scenario), real time,
                                          no faults, no latency
  journal [--path P] [--operation ID] [--method M] [--status N] [--limit N] [--follow]
                                          the calls the portal made, oldest first, decrypted and
                                          secrets masked (--follow: keep printing new ones; a path
                                          may end in *)
  journal clear                           empty the journal
  rewind <id>                             put the world back as it was just before journal entry
                                          <id>; it and later entries are marked [rewound]
  verify [--path P] [--operation ID] [--method M] [--status N] [--body JSON]
         [--count N | --at-least N | --at-most N]
                                          check that matching calls were made (body: deep partial
                                          match on the plaintext); exit 1 when not, with near misses
${extra.map((c) => `${c.help}\n`).join('')}  help                                    this text

Options:
  --url URL    simulator origin (default $SIM_URL, else http://localhost:\${PORT:-8080})
  --token T    the control token (default $SIM_CONTROL_TOKEN), when the simulator wants one
  --world NAME the world to act on (default $SIM_WORLD, else the default world)
  --json       print the raw JSON value

Exit codes: 0 done, 1 the simulator refused (or a verify was not met), 2 usage error,
3 simulator unreachable.`;
}

/** The kit's own help text (`lotus-sim help`). */
export const HELP = helpText();

/** A command a host program adds (dispatched before the kit's own, listed in the help). */
export interface CliCommand {
  name: string;
  /** Its lines in the help text, indented as the kit's own. */
  help: string;
  /** Options it takes with a value (`--brand NAME`) and without one. */
  valueOptions?: readonly string[];
  flagOptions?: readonly string[];
  /** Whether these arguments are this command's (default: any that start with its name); else the kit's command of that name runs. */
  matches?(positional: readonly string[]): boolean;
  run(context: CliContext): number | Promise<number>;
}

/** What a host command gets: its parsed arguments, the printer (--json aware), io and a client. */
export interface CliContext {
  positional: string[];
  options: Map<string, string | true>;
  print: Print;
  io: CliIo;
  client: () => SimClient;
  /** Writes the message and the help text to stderr; returns the usage exit code. */
  usage: (message: string) => number;
}

export interface CliOptions {
  /** How the help names the program (`npm run sim --` in the portal). */
  program?: string;
  commands?: readonly CliCommand[];
}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
  fetch?: typeof fetch;
  /** Ends `journal --follow` (Ctrl-C by default). */
  signal?: AbortSignal;
}

/** A command line the CLI cannot run: printed with the help text, exit code 2. */
export class UsageError extends Error {}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** '5m' -> 300000; a bare number is milliseconds. */
export function parseDuration(text: string): number {
  const m = /^(-?\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!m) throw new UsageError(`Not a duration: ${text} (use e.g. 30s, 5m, 2h, 1d, 250ms)`);
  return Math.round(Number(m[1]) * (UNITS[m[2] ?? 'ms'] ?? 1));
}

export function formatDuration(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  let rest = Math.abs(ms);
  if (rest === 0) return '0';
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  if (rest > 0) parts.push(`${rest}ms`);
  return sign + parts.join('');
}

function integer(text: string | undefined, what: string): number {
  if (text === undefined || !/^-?\d+$/.test(text))
    throw new UsageError(`${what} must be a whole number, got ${text ?? 'nothing'}`);
  return Number(text);
}

interface Parsed {
  positional: string[];
  options: Map<string, string | true>;
}

const VALUE_OPTIONS = ['as', 'url', 'token', 'status', 'delay', 'times', 'method', 'code', 'message', 'world', 'path', 'operation', 'limit', 'body', 'count', 'at-least', 'at-most'];
const FLAG_OPTIONS = ['json', 'drop', 'help', 'follow'];

function parseArgs(argv: readonly string[], commands: readonly CliCommand[]): Parsed {
  const VALUE = new Set([...VALUE_OPTIONS, ...commands.flatMap((c) => c.valueOptions ?? [])]);
  const FLAG = new Set([...FLAG_OPTIONS, ...commands.flatMap((c) => c.flagOptions ?? [])]);
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--') || arg === '--') {
      if (arg !== '--') positional.push(arg);
      continue;
    }
    const [rawName, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (FLAG.has(rawName)) {
      options.set(rawName, true);
    } else if (VALUE.has(rawName)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${rawName} needs a value`);
      options.set(rawName, value);
    } else {
      throw new UsageError(`Unknown option --${rawName}`);
    }
  }
  return { positional, options };
}

function baseUrl(parsed: Parsed, env: CliIo['env']): string {
  const url = parsed.options.get('url');
  if (typeof url === 'string') return url;
  return env.SIM_URL || `http://localhost:${env.PORT || '8080'}`;
}

// ---- output ---------------------------------------------------------------------------------------

const onOff = (b: boolean) => (b ? 'on' : 'off');
const time = (ms: number) => new Date(ms).toISOString();

function stateLines(s: SimState): string[] {
  return [
    `scenario  ${s.scenario.name} - ${s.scenario.description}`,
    `status    ${s.statusName} (${s.status})`,
    `clock     ${time(s.clock.now)} (offset ${formatDuration(s.clock.offsetMs)})`,
    `latency   ${s.latencyMs} ms`,
    `counts    ${s.counts.accounts} accounts, ${s.counts.sessions} sessions, ${s.counts.smsOutbox} SMS` +
      `${s.counts.smsDropped ? ` (${s.counts.smsDropped} older dropped)` : ''}, ${s.counts.guests} guests, ` +
      `${s.counts.faults} faults, ${s.counts.snapshots} snapshots`,
    ...(s.replay
      ? [
          `replay    ${s.replay.operations.length} operations from ${s.replay.dir}: ${s.replay.operations.join(', ')}`,
          ...s.replay.rejected.map((r) => `          ${r.operationId}: ${r.count} simulated instead (${r.reason})`),
        ]
      : []),
  ];
}

function flagLines(flags: Flag[]): string[] {
  const depth = new Map<string, number>();
  return flags.map((f) => {
    const d = f.parent === null ? 0 : (depth.get(f.parent) ?? 0) + 1;
    depth.set(f.modId, d);
    return `${'  '.repeat(d)}${f.modId.padEnd(24 - 2 * d)} ${onOff(f.enabled)}`;
  });
}

function smsLine(e: SmsMessage): string {
  return `#${e.id} ${time(e.time)} ${e.countryDialingCode} ${e.mobileNum} [${e.purpose}] code ${e.code}`;
}

function faultLine(f: Fault): string {
  const effects = [
    f.delayMs ? `delay ${f.delayMs} ms` : '',
    f.drop ? 'drop' : '',
    f.status !== null ? `status ${f.status}${f.errorCode ? ` ${f.errorCode}` : ''}` : '',
  ].filter(Boolean);
  const times =
    f.remaining === null
      ? 'until cleared'
      : `${f.remaining} more time${f.remaining === 1 ? '' : 's'}`;
  return `#${f.id} ${f.method ?? 'ANY'} ${f.path} -> ${effects.join(', ')} (${times}, hit ${f.hits})`;
}

function clockTime(ms: number): string {
  return new Date(ms).toISOString().slice(11, 23);
}

/** One journal entry as a terminal line: id, time, call, status, duration, marks, then the body. */
export function journalLine(e: JournalEntry): string {
  const marks = [
    e.fault ? (e.fault.drop ? '[dropped]' : `[fault${e.fault.status !== null ? ` ${e.fault.status}` : ''}${e.fault.delayMs ? ` +${e.fault.delayMs}ms` : ''}]`) : '',
    e.latencyMs ? `[latency ${e.latencyMs}ms]` : '',
    e.contract.request === false ? '[request off-contract]' : '',
    e.contract.reply === false ? '[reply off-contract]' : '',
    e.encrypted ? '[decrypted]' : '',
    e.rewound ? '[rewound]' : '',
  ].filter(Boolean);
  const errorCode = (e.reply as { errorCode?: unknown } | null)?.errorCode;
  const head = `#${e.id} ${clockTime(e.time)} ${e.method} ${e.path} ${e.status === 0 ? 'dropped' : e.status}${typeof errorCode === 'string' ? ` ${errorCode}` : ''} ${Math.round(e.durationMs)}ms`;
  const body = e.body === null ? '' : ` ${JSON.stringify(e.body)}`;
  return [head, e.operationId ?? '-', ...marks].join(' ') + body;
}

function journalFilter(opt: (name: string) => string | true | undefined): JournalQuery {
  const query: JournalQuery = {};
  const text = (name: string) => {
    const v = opt(name);
    if (v === true) throw new UsageError(`--${name} needs a value`);
    return v;
  };
  const path = text('path');
  const operation = text('operation');
  const method = text('method');
  const status = text('status');
  if (path !== undefined) query.path = path;
  if (operation !== undefined) query.operationId = operation;
  if (method !== undefined) query.method = method.toUpperCase() as JournalQuery['method']; // the server names a method it does not know
  if (status !== undefined) query.status = integer(status, '--status');
  return query;
}

/** The same filter, applied to streamed entries (the stream itself is unfiltered). */
function entryMatches(q: JournalQuery, e: JournalEntry): boolean {
  if (q.method !== undefined && e.method !== q.method) return false;
  if (q.status !== undefined && e.status !== q.status) return false;
  if (q.operationId !== undefined && e.operationId !== q.operationId) return false;
  if (q.path !== undefined && !(q.path.endsWith('*') ? e.path.startsWith(q.path.slice(0, -1)) : e.path === q.path)) return false;
  return true;
}

// ---- commands -------------------------------------------------------------------------------------

export type Print = (value: unknown, lines: () => string[]) => void;

/** A verify the calls did not meet: printed, and the exit code is 1. */
class Unmet extends Error {}

/** A local file that cannot be read or written: its message printed, and the exit code is 1. */
class FileFailure extends Error {}

async function fileOp<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw new FileFailure(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function run(client: SimClient, parsed: Parsed, print: Print, signal?: AbortSignal): Promise<void> {
  const [command, ...args] = parsed.positional;
  const opt = (name: string) => parsed.options.get(name);
  const arity = (max: number) => {
    if (args.length > max)
      throw new UsageError(`Too many arguments for ${command}: ${args.slice(max).join(' ')}`);
  };
  switch (command) {
    case 'worlds': {
      arity(0);
      const list = await client.listWorlds();
      return print(list, () => [
        ...list.worlds.map((w) => `${w.name.padEnd(24)} ${w.scenario.padEnd(24)} status ${w.status}  ${w.accounts} accounts, ${w.liveSessions} live sessions`),
        ...list.unloaded.map((u) => `${u.name.padEnd(24)} unloaded: ${u.reason}`),
      ]);
    }
    case 'world': {
      const [sub, first, second] = args;
      if (sub === 'export' && first && second && args.length === 3) {
        const bytes = await client.exportWorld(first);
        await fileOp(`Cannot write ${second}`, () => writeFile(second, bytes));
        return print({ world: first, file: second, bytes: bytes.length }, () => [`exported world ${first} to ${second} (${bytes.length} bytes)`]);
      }
      if (sub === 'import' && first && args.length === 2) {
        const as = opt('as');
        const bytes = await fileOp(`Cannot read ${first}`, () => readFile(first));
        const w = await client.importWorld(bytes, typeof as === 'string' ? as : undefined);
        return print(w, () => [`imported ${first} as world ${w.name} (${w.scenario}, ${w.accounts} accounts, ${w.liveSessions} live sessions)`]);
      }
      throw new UsageError('Usage: world export <NAME> <FILE> | world import <FILE> [--as NAME]');
    }
    case 'state': {
      arity(0);
      const s = await client.getState();
      return print(s, () => stateLines(s));
    }
    case 'status': {
      arity(1);
      const name = args[0];
      if (name !== undefined && !(SystemStatusNames as readonly string[]).includes(name)) {
        throw new UsageError(`Status must be one of ${SystemStatusNames.join(', ')}`);
      }
      const s = name ? await client.setStatus(name as SystemStatusName) : await client.getState();
      return print({ status: s.status, statusName: s.statusName }, () => [
        `status ${s.statusName} (${s.status})`,
      ]);
    }
    case 'scenario': {
      arity(1);
      const s = args[0] ? await client.setScenario(args[0]) : await client.getState();
      return print(s.scenario, () => [`scenario ${s.scenario.name} - ${s.scenario.description}`]);
    }
    case 'scenarios': {
      arity(0);
      const list = await client.listScenarios();
      const width = Math.max(0, ...list.map((s) => s.name.length));
      return print(list, () => list.map((s) => `${s.name.padEnd(width)}  ${s.description}`));
    }
    case 'flag': {
      arity(2);
      const [modId, state] = args;
      if (!modId || (state !== 'on' && state !== 'off'))
        throw new UsageError('Usage: flag <MODID> on|off');
      const f = await client.setFlag(modId, state === 'on');
      return print(f, () => [`${f.modId} ${onOff(f.enabled)}`]);
    }
    case 'flags': {
      arity(0);
      const flags = await client.getFlags();
      return print(flags, () => flagLines(flags));
    }
    case 'sms': {
      const [sub, mobile] = args;
      if (args.length > 2) throw new UsageError('Usage: sms last|outbox [mobile]');
      if (sub === 'last') {
        const e = await client.getLastSms(mobile);
        return print(e, () => [`code ${e.code}`, smsLine(e), e.text]);
      }
      if (sub === 'outbox') {
        const list = await client.getSmsOutbox(mobile);
        return print(list, () => (list.length ? list.map(smsLine) : ['(no SMS sent)']));
      }
      throw new UsageError('Usage: sms last|outbox [mobile]');
    }
    case 'captcha': {
      arity(1);
      const c = await client.getCaptcha(args[0]);
      return print(c, () => [`answer ${c.answer}`, `id     ${c.id}`]);
    }
    case 'clock': {
      const [sub, duration] = args;
      if (sub === 'advance' && duration !== undefined && args.length === 2) {
        const c = await client.advanceClock(parseDuration(duration));
        return print(c, () => [`clock ${time(c.now)} (offset ${formatDuration(c.offsetMs)})`]);
      }
      if (sub === 'reset' && args.length === 1) {
        const c = await client.resetClock();
        return print(c, () => [`clock ${time(c.now)} (real time)`]);
      }
      throw new UsageError('Usage: clock advance <duration> | clock reset');
    }
    case 'fault':
    case 'faults': {
      const sub = command === 'faults' ? 'list' : args[0];
      if (sub === 'add') {
        const path = args[1];
        if (!path || args.length > 2)
          throw new UsageError(
            'Usage: fault add <path> [--status N] [--delay ms] [--drop] [--times n]',
          );
        // Collected field by field; the server tells the shape apart and names what is wrong.
        const input: FaultFields = { path };
        const status = opt('status');
        const delay = opt('delay');
        const times = opt('times');
        const method = opt('method');
        const code = opt('code');
        const message = opt('message');
        if (typeof status === 'string') input.status = integer(status, '--status');
        if (typeof delay === 'string') input.delayMs = integer(delay, '--delay');
        if (typeof times === 'string') input.times = integer(times, '--times');
        // Another method is sent as given: the server refuses it naming body/method.
        if (typeof method === 'string') input.method = method.toUpperCase() as NonNullable<FaultFields['method']>;
        if (typeof code === 'string') input.errorCode = code;
        if (typeof message === 'string') input.message = message;
        if (opt('drop')) input.drop = true;
        const f = await client.addFault(input as FaultInput);
        return print(f, () => [`fault added ${faultLine(f)}`]);
      }
      if (sub === 'list' && args.length <= (command === 'faults' ? 0 : 1)) {
        const list = await client.listFaults();
        return print(list, () => (list.length ? list.map(faultLine) : ['(no faults)']));
      }
      if (sub === 'clear' && args.length === 1) {
        const r = await client.clearFaults();
        return print(r, () => [`${r.removed} fault${r.removed === 1 ? '' : 's'} removed`]);
      }
      throw new UsageError('Usage: fault add <path> [options] | fault list | fault clear');
    }
    case 'latency': {
      arity(1);
      const r = await client.setLatency(integer(args[0], 'latency'));
      return print(r, () => [r.ms ? `latency ${r.ms} ms on every call` : 'latency off']);
    }
    case 'snapshot': {
      arity(1);
      if (!args[0]) throw new UsageError('Usage: snapshot <name>');
      const s = await client.takeSnapshot(args[0]);
      return print(s, () => [`snapshot ${s.name} saved (${s.scenario}, ${time(s.takenAt)})`]);
    }
    case 'snapshots': {
      arity(0);
      const list = await client.listSnapshots();
      return print(list, () =>
        list.length
          ? list.map((s) => `${s.name}  ${s.scenario}  ${time(s.takenAt)}`)
          : ['(no snapshots)'],
      );
    }
    case 'restore': {
      arity(1);
      if (!args[0]) throw new UsageError('Usage: restore <name>');
      const s = await client.restoreSnapshot(args[0]);
      return print(s, () => [`restored ${s.name} (${s.scenario}, taken ${time(s.takenAt)})`]);
    }
    case 'reset': {
      arity(1);
      const s = await client.reset(args[0]);
      return print(s, () => ['reset done', ...stateLines(s)]);
    }
    case 'journal': {
      if (args[0] === 'clear' && args.length === 1) {
        const r = await client.clearJournal();
        return print(r, () => [`${r.removed} journal entr${r.removed === 1 ? 'y' : 'ies'} removed`]);
      }
      arity(0);
      const query = journalFilter(opt);
      const limit = opt('limit');
      const list = await client.journal({ ...query, limit: typeof limit === 'string' ? integer(limit, '--limit') : 50 });
      const oldestFirst = [...list].reverse();
      if (!opt('follow')) {
        return print(oldestFirst, () => (list.length ? oldestFirst.map(journalLine) : ['(no calls journaled)']));
      }
      for (const e of oldestFirst) print(e, () => [journalLine(e)]);
      // Entries arriving while the list was read are replayed from the newest id we know.
      const since = list[0]?.id ?? (await client.journal({ limit: 1 }))[0]?.id ?? 0;
      await client.followJournal((e) => entryMatches(query, e) && print(e, () => [journalLine(e)]), { signal: signal ?? untilInterrupted(), since });
      return;
    }
    case 'rewind': {
      arity(1);
      if (!args[0]) throw new UsageError('Usage: rewind <journal entry id>');
      const r = await client.rewind(integer(args[0], 'rewind <id>'));
      return print(r, () => [`rewound ${r.rewound.length} journal entr${r.rewound.length === 1 ? 'y' : 'ies'} (${r.rows} row${r.rows === 1 ? '' : 's'} put back)`]);
    }
    case 'verify': {
      arity(0);
      const input: VerifyInput = { ...journalFilter(opt) };
      const body = opt('body');
      if (body !== undefined) {
        let parsedBody: unknown;
        try {
          parsedBody = typeof body === 'string' ? JSON.parse(body) : undefined;
        } catch {
          throw new UsageError(`--body must be JSON, e.g. --body '{"referralCode":"R010001"}'`);
        }
        if (parsedBody === null || typeof parsedBody !== 'object' || Array.isArray(parsedBody)) {
          throw new UsageError('--body must be a JSON object');
        }
        input.body = parsedBody as Record<string, unknown>;
      }
      for (const [name, key] of [['count', 'count'], ['at-least', 'atLeast'], ['at-most', 'atMost']] as const) {
        const v = opt(name);
        if (typeof v === 'string') input[key] = integer(v, `--${name}`);
      }
      const r = await client.verify(input);
      print(r, () => [
        `${r.ok ? 'ok' : 'NOT MET'}: ${r.matched} call${r.matched === 1 ? '' : 's'} matched (expected ${r.expected})`,
        ...r.nearMisses.flatMap((m) => [
          `  near miss ${journalLine(m.entry)}`,
          ...m.differences.map((d) => `    ${d.field}: expected ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}`),
        ]),
      ]);
      if (!r.ok) throw new Unmet();
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
  }
}

/** Runs one command; returns the exit code (the caller exits with it). */
export async function main(argv: readonly string[], io: CliIo = defaultIo(), options: CliOptions = {}): Promise<number> {
  const commands = options.commands ?? [];
  const help = helpText(options.program, commands);
  let parsed: Parsed;
  try {
    parsed = parseArgs(argv, commands);
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${help}`);
    return EXIT.usage;
  }
  const command = parsed.positional[0];
  if (command === 'help' || parsed.options.has('help')) {
    io.out(help);
    return EXIT.ok;
  }
  const json = parsed.options.has('json');
  const print: Print = (value, lines) => {
    if (json) io.out(JSON.stringify(value, null, 2));
    else for (const line of lines()) io.out(line);
  };
  const world = parsed.options.get('world');
  const token = parsed.options.get('token');
  const client = () =>
    new SimClient(baseUrl(parsed, io.env), io.fetch, typeof world === 'string' ? world : io.env.SIM_WORLD || undefined, {
      token: typeof token === 'string' ? token : io.env.SIM_CONTROL_TOKEN || undefined,
    });
  const usage = (message: string) => {
    io.err(`${message}\n\n${help}`);
    return EXIT.usage;
  };
  try {
    const extra = commands.find((c) => c.name === command && (c.matches?.(parsed.positional) ?? true));
    if (extra) return await extra.run({ positional: parsed.positional, options: parsed.options, print, io, client, usage });
    await run(client(), parsed, print, io.signal);
    return EXIT.ok;
  } catch (err) {
    if (err instanceof Unmet) return EXIT.refused;
    if (err instanceof FileFailure) {
      io.err(err.message);
      return EXIT.refused;
    }
    if (err instanceof UsageError) return usage(err.message);
    if (err instanceof SimUnreachableError) {
      io.err(
        `${err.message}\nIs the simulator running (npm start)? Set --url or SIM_URL to point elsewhere.`,
      );
      return EXIT.unreachable;
    }
    if (err instanceof SimApiError) {
      const fields = err.fields.map((f) => `\n  ${f.field}: ${f.message}`).join('');
      const hint = err.status === 401 ? '\nThe simulator wants its control token: set SIM_CONTROL_TOKEN (or --token).' : '';
      io.err(`Refused (${err.status} ${err.errorCode}): ${err.message}${fields}${hint}`);
      return EXIT.refused;
    }
    throw err;
  }
}

export function defaultIo(): CliIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
  };
}

/** Ctrl-C ends a follow cleanly (exit 0) instead of killing the process mid-line. */
function untilInterrupted(): AbortSignal {
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  return stop.signal;
}


/** Runs the CLI as a process: exits with the command's code. */
export function runAsProcess(argv: readonly string[], options: CliOptions = {}): void {
  main(argv, defaultIo(), options).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`Unexpected failure: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
