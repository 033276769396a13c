/**
 * `npm run sim -- drift DIR` (ADR 025): what a real gateway sent that the contract does not say,
 * per operation — fields it does not declare, required fields missing, types and enum values that
 * do not match, undeclared statuses. The replies come from a recording (`npm start -- --gateway URL
 * --record DIR`), or, with `--gateway URL`, from calling that gateway now with the recording's
 * public read calls (without DIR: the contract's public reads that need no query parameter).
 *
 * Each reply is checked by the gateway mode's own checker (`checker.ts`, with undeclared fields
 * reported too) and summed up per operation by its report (`report.ts`).
 */
import {
  ContractChecker,
  loadContract,
  type ContractOperation,
  type OpenApiDocument,
} from './checker';
import { parseCommandArgs } from '../command-args';
import { NEVER_RECORDED } from './recorder';
import { readManifest, readReplies, RecordingFormatError } from './recording';
import { GatewayReport } from './report';

export const DRIFT_EXIT = { ok: 0, drift: 1, usage: 2, unreachable: 3 } as const;

/** One reply to check: what was asked and what came back. */
export interface DriftReply {
  operationId: string;
  method: string;
  path: string;
  query: [string, string][];
  merchant: string;
  language: string;
  status: number;
  contentType: string;
  body: string;
}

export interface DriftDifference {
  field: string;
  expected: string;
  got: string;
  status: number;
  /** Replies that showed it. */
  count: number;
}

export interface DriftOperation {
  operationId: string;
  method: string;
  path: string;
  replies: number;
  /** Replies with at least one difference. */
  drifting: number;
  differences: DriftDifference[];
  /** Replies that could not be checked, by reason (no answer, unreadable body). */
  unchecked: Record<string, number>;
}

export interface DriftReport {
  /** The recording folder, or null when the calls came from the contract. */
  recording: string | null;
  /** The gateway called now, or null when the recording's replies were checked. */
  gateway: string | null;
  /** `info.version` of the contract the recording was made against, when there is one. */
  recordedContract: string | null;
  contract: string;
  ok: boolean;
  totals: {
    operations: number;
    replies: number;
    drifting: number;
    differences: number;
    unchecked: number;
  };
  operations: DriftOperation[];
  /** Replies that are not the operation the contract has at their method and path. */
  unknown: { operationId: string; method: string; path: string; count: number }[];
  /** Recording files that could not be read. */
  unreadable: { file: string; reason: string }[];
}

type Contract = OpenApiDocument & { info?: { version?: string } };

/** Check replies against the contract and sum the differences up per operation. */
export function checkReplies(
  replies: readonly DriftReply[],
  contract: Contract,
  meta: {
    recording: string | null;
    gateway: string | null;
    recordedContract: string | null;
    failures?: readonly { reply: DriftReply; reason: string }[];
  },
): DriftReport {
  const checker = new ContractChecker(contract, { undeclaredFields: true });
  const report = new GatewayReport(
    meta.gateway ?? meta.recording ?? '',
    'report',
    Number.POSITIVE_INFINITY,
  );
  const unknown = new Map<string, DriftReport['unknown'][number]>();
  for (const reply of replies) {
    const op = checker.match(reply.method, reply.path);
    if (!op || op.operationId !== reply.operationId) {
      const key = `${reply.operationId} ${reply.method} ${reply.path}`;
      const entry = unknown.get(key) ?? {
        operationId: reply.operationId,
        method: reply.method,
        path: reply.path,
        count: 0,
      };
      entry.count++;
      unknown.set(key, entry);
      continue;
    }
    const outcome = checker.check(op, {
      status: reply.status,
      contentType: reply.contentType,
      body: Buffer.from(reply.body, 'utf8'),
    });
    if (outcome.checked) report.record(op, reply.status, outcome.differences);
    else report.recordUnchecked(op, reply.status, outcome.reason);
  }
  for (const { reply, reason } of meta.failures ?? []) {
    const op = checker.match(reply.method, reply.path);
    if (op) report.recordUnchecked(op, 0, reason);
  }
  const operations: DriftOperation[] = report.toJSON().operations.map((e) => ({
    operationId: e.operationId,
    method: e.method,
    path: e.path,
    replies: e.calls,
    drifting: e.violatingCalls,
    differences: e.violations.map(({ field, expected, got, status, count }) => ({
      field,
      expected,
      got,
      status,
      count,
    })),
    unchecked: e.unchecked,
  }));
  const sum = (f: (o: DriftOperation) => number) => operations.reduce((n, o) => n + f(o), 0);
  const totals = {
    operations: operations.length,
    replies: sum((o) => o.replies),
    drifting: sum((o) => o.drifting),
    differences: sum((o) => o.differences.length),
    unchecked: sum((o) => Object.values(o.unchecked).reduce((n, c) => n + c, 0)),
  };
  return {
    recording: meta.recording,
    gateway: meta.gateway,
    recordedContract: meta.recordedContract,
    contract: contract.info?.version ?? 'unknown',
    ok: totals.drifting === 0 && unknown.size === 0,
    totals,
    operations,
    unknown: [...unknown.values()],
    unreadable: [],
  };
}

/** A recording's replies; throws RecordingFormatError naming the problem when DIR is not one. */
export function readRecording(dir: string): {
  replies: DriftReply[];
  unreadable: { file: string; reason: string }[];
  gateway: string;
  contractVersion: string;
} {
  const manifest = readManifest(dir);
  const { replies, unreadable } = readReplies(dir);
  if (!replies.length) {
    const why = unreadable.length
      ? `${unreadable.length} unreadable: ${unreadable[0]?.reason ?? ''}`
      : 'nothing was recorded';
    throw new RecordingFormatError(`${dir} holds no recorded reply (${why})`);
  }
  return {
    replies: replies.map((r) => ({ ...r, contentType: r.contentType || 'application/json' })),
    unreadable,
    gateway: manifest.gateway,
    contractVersion: manifest.contractVersion,
  };
}

/** The contract's public reads that need no query parameter, as calls to make (no recording). */
export function contractReads(
  contract: Contract,
  merchant: string,
  language: string,
): DriftReply[] {
  const checker = new ContractChecker(contract);
  const out: DriftReply[] = [];
  for (const [path, item] of Object.entries(contract.paths)) {
    const spec = item.get as
      | {
          operationId?: string;
          'x-access'?: string;
          parameters?: { in?: string; required?: boolean }[];
        }
      | undefined;
    if (
      typeof spec?.operationId !== 'string' ||
      (spec['x-access'] ?? 'public') !== 'public' ||
      NEVER_RECORDED.has(spec.operationId)
    )
      continue;
    if ((spec.parameters ?? []).some((p) => p.in === 'query' && p.required)) continue;
    const op = checker.match('GET', path) as ContractOperation;
    out.push({
      operationId: op.operationId,
      method: 'GET',
      path,
      query: [],
      merchant,
      language,
      status: 0,
      contentType: '',
      body: '',
    });
  }
  return out;
}

/** Make each call against the gateway now; a call that gets no answer is a failure, not drift. */
export async function callGateway(
  gateway: string,
  calls: readonly DriftReply[],
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 15_000,
): Promise<{ replies: DriftReply[]; failures: { reply: DriftReply; reason: string }[] }> {
  const base = gateway.replace(/\/+$/, '');
  const replies: DriftReply[] = [];
  const failures: { reply: DriftReply; reason: string }[] = [];
  const queue = [...calls];
  // A few calls at a time: quick against a real gateway, gentle on it.
  const worker = async () => {
    for (let call = queue.shift(); call; call = queue.shift()) {
      const search = new URLSearchParams(call.query).toString();
      const headers: Record<string, string> = { accept: 'application/json', device: 'web' };
      if (call.merchant) headers.merchant = call.merchant;
      if (call.language) headers.language = call.language;
      try {
        const res = await fetchImpl(`${base}${call.path}${search ? `?${search}` : ''}`, {
          headers,
          signal: AbortSignal.timeout(timeoutMs),
        });
        replies.push({
          ...call,
          status: res.status,
          contentType: res.headers.get('content-type') ?? '',
          body: await res.text(),
        });
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause?.code;
        failures.push({ reply: call, reason: `no answer (${cause ?? (err as Error).message})` });
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { replies, failures };
}

// ---- output ---------------------------------------------------------------------------------------

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function driftLines(r: DriftReport): string[] {
  const source = r.gateway
    ? `gateway ${r.gateway}${r.recording ? ` (calls of ${r.recording})` : ''}`
    : `recording ${r.recording ?? ''}`;
  const versions =
    r.recordedContract && r.recordedContract !== r.contract
      ? ` (recorded against contract ${r.recordedContract}, checked against ${r.contract})`
      : '';
  const lines: string[] = [];
  if (r.ok) {
    lines.push(
      `No drift: ${plural(r.totals.replies, 'reply', 'replies')} of ${plural(r.totals.operations, 'operation')} from ${source} match the contract ${r.contract}${versions}.`,
    );
  } else {
    lines.push(
      `Drift: ${r.totals.drifting} of ${plural(r.totals.replies, 'reply', 'replies')} from ${source} differ from the contract ${r.contract}${versions}.`,
    );
  }
  for (const op of r.operations) {
    if (!op.drifting && !Object.keys(op.unchecked).length) continue;
    lines.push(
      `${op.operationId} ${op.method} ${op.path}: ${op.drifting} of ${plural(op.replies, 'reply', 'replies')} drift`,
    );
    for (const d of op.differences) {
      lines.push(
        `  ${d.field}: expected ${d.expected}, got ${d.got} (status ${d.status}, ${plural(d.count, 'reply', 'replies')})`,
      );
    }
    for (const [reason, n] of Object.entries(op.unchecked))
      lines.push(`  not checked: ${plural(n, 'reply', 'replies')}, ${reason}`);
  }
  for (const u of r.unknown)
    lines.push(
      `${u.operationId} ${u.method} ${u.path}: not this operation in the contract (${plural(u.count, 'reply', 'replies')})`,
    );
  for (const u of r.unreadable) lines.push(`unreadable ${u.file}: ${u.reason}`);
  return lines;
}

// ---- the command ----------------------------------------------------------------------------------

export interface DriftIo {
  out: (line: string) => void;
  err: (line: string) => void;
  fetch?: typeof fetch;
}

export const DRIFT_USAGE = `Usage: npm run sim -- drift DIR [--json]
       npm run sim -- drift [DIR] --gateway URL [--merchant CODE] [--language CODE] [--json]

DIR is a recording (npm start -- --gateway URL --record DIR). With --gateway the recording's public
read calls are made against URL now (without DIR: the contract's public reads that take no query
parameter, with --merchant, default DEMO). Exit codes: 0 no drift, 1 drift, 2 usage error or not a
recording, 3 gateway unreachable.`;

/** `drift …` of `npm run sim`; returns the exit code. */
export async function driftCommand(
  argv: readonly string[],
  io: DriftIo,
  contract: Contract = loadContract(),
): Promise<number> {
  const parsed = parseCommandArgs(
    argv,
    {
      json: { type: 'boolean' },
      gateway: { type: 'string' },
      merchant: { type: 'string' },
      language: { type: 'string' },
    },
    DRIFT_USAGE,
    io.err,
  );
  if (!parsed) return DRIFT_EXIT.usage;
  const { values, positionals } = parsed;
  const [dir, ...extra] = positionals;
  if (extra.length || (!dir && !values.gateway)) {
    io.err(DRIFT_USAGE);
    return DRIFT_EXIT.usage;
  }
  if (values.gateway && !/^https?:\/\/[^/]/.test(values.gateway)) {
    io.err(`--gateway must be an http(s) URL, got ${values.gateway}`);
    return DRIFT_EXIT.usage;
  }
  let recording: ReturnType<typeof readRecording> | null = null;
  if (dir) {
    try {
      recording = readRecording(dir);
    } catch (err) {
      if (!(err instanceof RecordingFormatError)) throw err;
      io.err(`Not a recording: ${err.message}`);
      return DRIFT_EXIT.usage;
    }
  }
  let report: DriftReport;
  if (values.gateway) {
    const calls = recording
      ? recording.replies.filter((r) => r.method === 'GET' && isPublic(contract, r.path))
      : contractReads(contract, values.merchant ?? 'DEMO', values.language ?? '');
    const { replies, failures } = await callGateway(values.gateway, calls, io.fetch);
    if (!replies.length && failures.length) {
      io.err(`The gateway ${values.gateway} did not answer: ${failures[0]?.reason ?? ''}`);
      return DRIFT_EXIT.unreachable;
    }
    report = checkReplies(replies, contract, {
      recording: dir ?? null,
      gateway: values.gateway,
      recordedContract: recording?.contractVersion ?? null,
      failures,
    });
  } else {
    report = checkReplies(recording?.replies ?? [], contract, {
      recording: dir ?? null,
      gateway: null,
      recordedContract: recording?.contractVersion ?? null,
    });
  }
  report.unreadable = recording?.unreadable ?? [];
  if (values.json) io.out(JSON.stringify(report, null, 2));
  else for (const line of driftLines(report)) io.out(line);
  return report.ok ? DRIFT_EXIT.ok : DRIFT_EXIT.drift;
}

/** Token calls recorded with --record-private are not made again: they need a session. */
function isPublic(contract: Contract, path: string): boolean {
  const spec = contract.paths[path]?.get as { 'x-access'?: string } | undefined;
  return (spec?.['x-access'] ?? 'public') === 'public';
}
