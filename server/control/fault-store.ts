/**
 * A world's injected faults and latency as rows of the world schema
 * (docs/decisions/036-fault-tables-and-rewind-in-world-files.md): the `faults` table and the
 * `fault_settings` record. Like every other table they are committed under `--state`, carried by an
 * export, copied by a snapshot and undone by a rewind; a scenario load keeps them (`survivesReset`),
 * the control API's reset clears them. The hook of server/control/faults.ts reads them on every call:
 * while none is set that is two Map lookups (Table.size and the record's row).
 */
import { Type } from '@sinclair/typebox';
import type { Sim } from '../sim/state';
import { defineRecord, defineTable, type RowOf } from '../sim/store/schema';
import type { Table } from '../sim/store/table';
import type { Fault, FaultFields, FaultInput } from './contract';

export const FAULTS = defineTable({
  name: 'faults',
  owner: 'control',
  survivesReset: true,
  key: 'the fault id, as text',
  doc: 'Faults QA injected into calls outside /__sim (POST /__sim/faults): which calls they match, what they do, how many times they still apply and how often they did. The first match by id applies. A scenario load keeps them; the control API\'s reset clears them.',
  row: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    method: Type.Optional(Type.String({ description: 'only calls of this method (any method when absent)' })),
    path: Type.String({ minLength: 1, description: 'route URL pattern, operationId, raw path, or a prefix ending in *' }),
    delayMs: Type.Integer({ minimum: 0 }),
    status: Type.Optional(Type.Integer({ minimum: 400, maximum: 599, description: 'answered with an error envelope (absent: the call goes on, or is dropped)' })),
    errorCode: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
    drop: Type.Boolean(),
    remaining: Type.Optional(Type.Integer({ minimum: 0, description: 'times it still applies (absent: until cleared)' })),
    hits: Type.Integer({ minimum: 0 }),
  }),
});

export const FAULT_SETTINGS = defineRecord({
  name: 'fault_settings',
  owner: 'control',
  survivesReset: true,
  doc: 'The latency injected before every call outside /__sim (POST /__sim/latency) and the id the next fault gets; no row: no latency, fault ids from 1.',
  row: Type.Object({
    latencyMs: Type.Integer({ minimum: 0 }),
    nextFaultId: Type.Integer({ minimum: 1 }),
  }),
  rules: { nextIds: { nextFaultId: { table: 'faults', path: 'id' } } },
});

type FaultRow = RowOf<typeof FAULTS>;
type SettingsRow = RowOf<typeof FAULT_SETTINGS>;

export interface RequestKey {
  method: string;
  /** Raw path without the query. */
  path: string;
  /** The matched route's URL pattern, if a route matched. */
  routeUrl?: string;
  operationId?: string;
}

/** A fault row as the control API shows it: what a row leaves out is null there. */
function asFault(row: Readonly<FaultRow>): Fault {
  return {
    id: row.id,
    method: row.method ?? null,
    path: row.path,
    delayMs: row.delayMs,
    status: row.status ?? null,
    errorCode: row.errorCode ?? null,
    message: row.message ?? null,
    drop: row.drop,
    remaining: row.remaining ?? null,
    hits: row.hits,
  };
}

function pathMatches(pattern: string, key: RequestKey): boolean {
  if (pattern.endsWith('*')) return key.path.startsWith(pattern.slice(0, -1));
  return pattern === key.routeUrl || pattern === key.operationId || pattern === key.path;
}

/** The faults and latency of one world: a view of its two tables, every write through the table layer. */
export class FaultStore {
  private readonly faults: Table<FaultRow>;
  private readonly settings: Table<SettingsRow>;

  constructor(sim: Sim) {
    this.faults = sim.db.table(FAULTS);
    this.settings = sim.db.table(FAULT_SETTINGS);
  }

  /** No fault and no latency: a call goes through untouched (the hook's fast path). */
  get idle(): boolean {
    return this.faults.size === 0 && (this.settings.size === 0 || this.latencyMs === 0);
  }

  get latencyMs(): number {
    return this.settings.get('')?.latencyMs ?? 0;
  }

  setLatency(ms: number): void {
    const row = this.settings.get('');
    if ((row?.latencyMs ?? 0) === ms) return;
    this.settings.put('', { latencyMs: ms, nextFaultId: row?.nextFaultId ?? 1 });
  }

  get count(): number {
    return this.faults.size;
  }

  /** Every fault in force, by id (the order they are matched in). */
  list(): Fault[] {
    return [...this.faults.values()].sort((a, b) => a.id - b.id).map(asFault);
  }

  add(shape: FaultInput): Fault {
    // The three shapes read as one record: what a shape lacks is absent.
    const input: FaultFields = shape;
    const settings = this.settings.get('');
    const id = settings?.nextFaultId ?? 1;
    this.settings.put('', { latencyMs: settings?.latencyMs ?? 0, nextFaultId: id + 1 });
    const row: FaultRow = { id, path: input.path, delayMs: input.delayMs ?? 0, drop: input.drop ?? false, hits: 0 };
    if (input.method !== undefined) row.method = input.method;
    if (input.status !== undefined) row.status = input.status;
    if (input.errorCode !== undefined) row.errorCode = input.errorCode;
    if (input.message !== undefined) row.message = input.message;
    if (input.times !== undefined) row.remaining = input.times;
    return asFault(this.faults.put(String(id), row));
  }

  clear(): number {
    const removed = this.faults.size;
    this.faults.clear();
    return removed;
  }

  /** No faults, no latency (the control API's reset); fault ids go on counting. */
  reset(): void {
    this.clear();
    this.setLatency(0);
  }

  /**
   * The first fault (lowest id) matching a call, counted as used (and removed once its times are
   * spent): a change of the world, committed and rewound with the call. A fault path matches the
   * route's URL pattern, the operationId, the raw path, or, ending in '*', a prefix.
   */
  take(key: RequestKey): Fault | undefined {
    let found: Readonly<FaultRow> | undefined;
    for (const f of this.faults.values()) {
      if ((found === undefined || f.id < found.id) && (f.method === undefined || f.method === key.method) && pathMatches(f.path, key)) found = f;
    }
    if (!found) return undefined;
    const name = String(found.id);
    const row = this.faults.update(name) as FaultRow;
    row.hits += 1;
    if (row.remaining !== undefined) {
      row.remaining -= 1;
      if (row.remaining <= 0) this.faults.delete(name);
    }
    return asFault(row);
  }
}

// One view per world: the hook (root app) and the control routes (their own scope) share it.
const stores = new WeakMap<Sim, FaultStore>();

export function faultsOf(sim: Sim): FaultStore {
  let store = stores.get(sim);
  if (!store) {
    store = new FaultStore(sim);
    stores.set(sim, store);
  }
  return store;
}
