/**
 * The running summary of gateway traffic against the contract, served at `GET /__gateway/report`
 * (docs/gateway.md explains how to read it). Distinct differences are kept per operation with a
 * count, so a list of a hundred items with the same wrong field is one line, not a hundred; memory
 * stays bounded however the gateway behaves.
 */
import type { ContractOperation, Difference } from './checker';

export type CheckMode = 'report' | 'strict' | 'off';

const MAX_VIOLATIONS_PER_OPERATION = 100;
const MAX_UNKNOWN_PATHS = 500;

export interface ViolationEntry extends Difference {
  /** HTTP status of the replies it was seen in. */
  status: number;
  /** Replies that showed it. */
  count: number;
  firstSeen: string;
  lastSeen: string;
}

export interface OperationEntry {
  operationId: string;
  method: string;
  path: string;
  /** The path (and modID) were inferred, not given by the product's API reference: drift here may mean the guess is wrong. */
  inferred: boolean;
  /** Replies received from the gateway. */
  calls: number;
  /** Replies whose status and body were checked. */
  checked: number;
  /** Checked replies with at least one difference. */
  violatingCalls: number;
  statuses: Record<string, number>;
  /** Replies passed on without a check, by reason (body over the size limit, aborted, …). */
  unchecked: Record<string, number>;
  violations: ViolationEntry[];
  /** Distinct violations not kept once the per-operation limit was reached. */
  violationsDropped: number;
}

export interface UnknownPathEntry {
  method: string;
  path: string;
  calls: number;
  statuses: Record<string, number>;
}

export interface GatewayReportJson {
  gateway: string;
  check: CheckMode;
  since: string;
  maxCheckBytes: number;
  totals: {
    calls: number;
    checked: number;
    violatingCalls: number;
    unchecked: number;
    unknownCalls: number;
    /** Requests the gateway never answered (unreachable, timed out). */
    failed: number;
    distinctViolations: number;
  };
  operations: OperationEntry[];
  /** Calls to paths (or methods) the contract does not know; they are forwarded, never checked. */
  unknownPaths: UnknownPathEntry[];
  unknownPathsDropped: number;
  /**
   * Inferred operations the gateway answered 404: the contract allows a 404 envelope, so it is not
   * drift, but on a path we guessed it most likely means the real path is another one.
   */
  inferredNotFound: { operationId: string; path: string; count: number }[];
}

/** What `record` found new, so the caller logs each distinct difference once at warn level. */
export interface RecordResult {
  fresh: Difference[];
  repeated: Difference[];
}

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

export class GatewayReport {
  private since = new Date();
  private operations = new Map<string, OperationEntry>();
  private unknown = new Map<string, UnknownPathEntry>();
  private unknownDropped = 0;
  private failed = 0;

  constructor(
    private readonly gateway: string,
    private readonly check: CheckMode,
    private readonly maxCheckBytes: number,
  ) {}

  private entry(op: ContractOperation): OperationEntry {
    let entry = this.operations.get(op.operationId);
    if (!entry) {
      entry = {
        operationId: op.operationId,
        method: op.method,
        path: op.path,
        inferred: op.inferred,
        calls: 0,
        checked: 0,
        violatingCalls: 0,
        statuses: {},
        unchecked: {},
        violations: [],
        violationsDropped: 0,
      };
      this.operations.set(op.operationId, entry);
    }
    return entry;
  }

  /** A checked reply and its differences (none when it conforms). */
  record(op: ContractOperation, status: number, differences: readonly Difference[]): RecordResult {
    const entry = this.entry(op);
    entry.calls++;
    entry.checked++;
    bump(entry.statuses, String(status));
    if (differences.length) entry.violatingCalls++;
    const now = new Date().toISOString();
    const result: RecordResult = { fresh: [], repeated: [] };
    for (const diff of differences) {
      const known = entry.violations.find((v) => v.status === status && v.field === diff.field && v.expected === diff.expected);
      if (known) {
        known.count++;
        known.got = diff.got;
        known.lastSeen = now;
        result.repeated.push(diff);
      } else if (entry.violations.length < MAX_VIOLATIONS_PER_OPERATION) {
        entry.violations.push({ ...diff, status, count: 1, firstSeen: now, lastSeen: now });
        result.fresh.push(diff);
      } else {
        entry.violationsDropped++;
        result.repeated.push(diff);
      }
    }
    return result;
  }

  /** A reply of a known operation passed on without a check. */
  recordUnchecked(op: ContractOperation, status: number, reason: string): void {
    const entry = this.entry(op);
    entry.calls++;
    bump(entry.statuses, String(status));
    bump(entry.unchecked, reason);
  }

  /** A reply to a path the contract does not know; returns true the first time that path is seen. */
  recordUnknown(method: string, path: string, status: number): boolean {
    const key = `${method} ${path}`;
    let entry = this.unknown.get(key);
    const first = !entry;
    if (!entry) {
      if (this.unknown.size >= MAX_UNKNOWN_PATHS) {
        this.unknownDropped++;
        return false;
      }
      entry = { method, path, calls: 0, statuses: {} };
      this.unknown.set(key, entry);
    }
    entry.calls++;
    bump(entry.statuses, String(status));
    return first;
  }

  /** A request the gateway never answered. */
  recordFailure(): void {
    this.failed++;
  }

  reset(): void {
    this.since = new Date();
    this.operations.clear();
    this.unknown.clear();
    this.unknownDropped = 0;
    this.failed = 0;
  }

  toJSON(): GatewayReportJson {
    const operations = [...this.operations.values()].sort((a, b) => a.operationId.localeCompare(b.operationId));
    const unknownPaths = [...this.unknown.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
    const sum = (f: (e: OperationEntry) => number) => operations.reduce((n, e) => n + f(e), 0);
    return {
      gateway: this.gateway,
      check: this.check,
      since: this.since.toISOString(),
      maxCheckBytes: this.maxCheckBytes,
      totals: {
        calls: sum((e) => e.calls) + unknownPaths.reduce((n, e) => n + e.calls, 0),
        checked: sum((e) => e.checked),
        violatingCalls: sum((e) => e.violatingCalls),
        unchecked: sum((e) => Object.values(e.unchecked).reduce((n, c) => n + c, 0)),
        unknownCalls: unknownPaths.reduce((n, e) => n + e.calls, 0),
        failed: this.failed,
        distinctViolations: sum((e) => e.violations.length + e.violationsDropped),
      },
      operations,
      unknownPaths,
      unknownPathsDropped: this.unknownDropped,
      inferredNotFound: operations
        .filter((e) => e.inferred && (e.statuses['404'] ?? 0) > 0)
        .map((e) => ({ operationId: e.operationId, path: e.path, count: e.statuses['404'] ?? 0 })),
    };
  }
}
