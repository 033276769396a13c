/**
 * Per-load state for simulator modules that keep their own Maps (sub-wallets, redemptions, launch
 * tickets…). State is keyed by the Sim's current Ledger: `Sim.load()` (reset, scenario switch)
 * makes a new Ledger, so every module starts from its seed again without `state.ts` knowing about it.
 */
import type { Ledger } from './ledger';
import type { Sim } from './state';

// Every module's store by its name, so a snapshot (server/control/snapshot.ts) can carry their state
// and a state directory (server/sim/persistence.ts) can find it again in another process.
const stores = new Map<WeakMap<Ledger, unknown>, string>();
// The sweep of a module's state (bounded memory, issue 13 item 3), by store.
const sweepers = new Map<WeakMap<Ledger, unknown>, (state: never, sim: Sim) => number>();

export interface PerLoadOptions<T> {
  /**
   * Drop what has expired on the world's clock (Sim.sweep); returns how many entries went. Runs
   * only on a state that exists already.
   */
  sweep?: (state: T, sim: Sim) => number;
}

/**
 * A getter for one module's state of a simulator, created on first use after each (re)load. `name`
 * is stable across processes: it names the state in a state directory's files.
 */
export function perLoad<T>(name: string, init: (sim: Sim) => T, options: PerLoadOptions<T> = {}): (sim: Sim) => T {
  const store = new WeakMap<Ledger, T>();
  if ([...stores.values()].includes(name)) throw new Error(`perLoad store "${name}" is registered twice`);
  stores.set(store as WeakMap<Ledger, unknown>, name);
  if (options.sweep) sweepers.set(store as WeakMap<Ledger, unknown>, options.sweep as (state: never, sim: Sim) => number);
  return (sim) => {
    let state = store.get(sim.ledger);
    if (state === undefined) {
      state = init(sim);
      store.set(sim.ledger, state);
    }
    return state;
  };
}

/** Every module's state of the sim's current load, by store (server/control/snapshot.ts copies it). */
export function capturePerLoad(sim: Sim): Map<object, unknown> {
  const out = new Map<object, unknown>();
  for (const store of stores.keys()) if (store.has(sim.ledger)) out.set(store, store.get(sim.ledger));
  return out;
}

/** The stable name of a store of capturePerLoad, and back. */
export function perLoadName(store: object): string | undefined {
  return stores.get(store as WeakMap<Ledger, unknown>);
}

export function perLoadStore(name: string): object | undefined {
  for (const [store, n] of stores) if (n === name) return store;
  return undefined;
}

/** Attach captured states to the sim's restored ledger; modules without one start from their seed. */
export function restorePerLoad(sim: Sim, states: Map<object, unknown>): void {
  for (const store of stores.keys()) {
    if (states.has(store)) store.set(sim.ledger, states.get(store));
    else store.delete(sim.ledger);
  }
}

/** Run every module's sweep over the sim's current states (Sim.sweep); returns the entries dropped. */
export function sweepPerLoad(sim: Sim): number {
  let dropped = 0;
  for (const [store, sweep] of sweepers) {
    if (store.has(sim.ledger)) dropped += sweep(store.get(sim.ledger) as never, sim);
  }
  return dropped;
}

/**
 * Forget accounts that are gone (expired free-play guests) in every module's state: entries keyed by
 * the account name in the state's Maps, at its top level or one level down (the per-account Maps of
 * wallet, points, messages, promotions, lottery, login failures).
 */
export function forgetPerLoad(sim: Sim, accounts: ReadonlySet<string>): void {
  if (accounts.size === 0) return;
  const forget = (value: unknown) => {
    if (value instanceof Map) for (const name of accounts) value.delete(name);
  };
  for (const store of stores.keys()) {
    const state = store.get(sim.ledger);
    if (state === undefined || state === null || typeof state !== 'object') continue;
    forget(state);
    if (!(state instanceof Map)) for (const value of Object.values(state)) forget(value);
  }
}
