/**
 * Named snapshots of the simulator for the QA control API: a deep copy of the mutable state (world,
 * scenario, accounts, sessions, ledger, SMS, captcha, id counters) that can be put back any number
 * of times. The clock is not part of it (time only moves on; `clock reset` goes back to real time),
 * nor is the RSA key pair (a client's cached key must keep working after a restore), nor the journal
 * (the calls made before a restore were still made).
 */
import { capturePerLoad, restorePerLoad } from '../sim/registry';
import type { Sim } from '../sim/state';

/** Fields of Sim kept as they are: identity matters, or they are not state. */
const KEEP: ReadonlySet<PropertyKey> = new Set<PropertyKey>(['clock', 'rsa', 'now', 'journal']);

/**
 * Deep copy that keeps class instances working: plain data goes through structuredClone; an object
 * with its own prototype (Ledger, SessionStore…) is rebuilt with that prototype and its own fields
 * copied one by one, functions (the shared `now` clock readers) kept by reference.
 */
export function cloneState<T>(value: T): T {
  if (typeof value === 'function' || value === null || typeof value !== 'object') return value;
  const proto: unknown = Object.getPrototypeOf(value);
  const plain =
    proto === Object.prototype ||
    proto === null ||
    Array.isArray(value) ||
    value instanceof Map ||
    value instanceof Set ||
    value instanceof Date;
  if (plain) return structuredClone(value);
  const out = Object.create(proto as object) as T;
  for (const key of Reflect.ownKeys(value)) {
    const desc = Object.getOwnPropertyDescriptor(value, key);
    if (!desc) continue;
    if ('value' in desc) desc.value = cloneState(desc.value);
    Object.defineProperty(out, key, desc);
  }
  return out;
}

// Modules keep per-load state keyed by the Sim's ledger (server/sim/registry.ts); a restore installs
// a copied ledger, so that state is captured and re-attached explicitly.
export interface Snapshot {
  name: string;
  scenario: string;
  takenAt: number;
  fields: Map<PropertyKey, unknown>;
  perLoad: Map<object, unknown>;
}

/**
 * The simulator's own mutable fields (not the clock, the key pair or functions), as they are: what a
 * snapshot copies and what a state directory writes (server/sim/persistence.ts).
 */
export function stateFields(sim: Sim): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const key of Reflect.ownKeys(sim)) {
    if (KEEP.has(key) || typeof key !== 'string') continue;
    const value: unknown = (sim as unknown as Record<string, unknown>)[key];
    if (typeof value !== 'function') out.push([key, value]);
  }
  return out;
}

/** A deep copy of the simulator's mutable state. */
export function snapshot(sim: Sim, name: string): Snapshot {
  const fields = new Map<PropertyKey, unknown>();
  for (const [key, value] of stateFields(sim)) fields.set(key, cloneState(value));
  const perLoad = new Map([...capturePerLoad(sim)].map(([store, state]) => [store, cloneState(state)]));
  return { name, scenario: sim.scenario.name, takenAt: sim.now(), fields, perLoad };
}

/** Put a snapshot back; the snapshot itself stays untouched, so it can be restored again. */
export function restore(sim: Sim, snap: Snapshot): void {
  const target = sim as unknown as Record<PropertyKey, unknown>;
  for (const [key, value] of snap.fields) target[key] = cloneState(value);
  restorePerLoad(sim, new Map([...snap.perLoad].map(([store, state]) => [store, cloneState(state)])));
}

// Named snapshots per simulator, for the control routes.
const saved = new WeakMap<Sim, Map<string, Snapshot>>();

export function snapshotsOf(sim: Sim): Map<string, Snapshot> {
  let map = saved.get(sim);
  if (!map) {
    map = new Map();
    saved.set(sim, map);
  }
  return map;
}
