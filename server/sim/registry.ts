/**
 * Per-load state for simulator modules that keep their own Maps (sub-wallets, redemptions, launch
 * tickets…). State is keyed by the Sim's current Ledger: `Sim.load()` (reset, scenario switch)
 * makes a new Ledger, so every module starts from its seed again without `state.ts` knowing about it.
 */
import type { Ledger } from './ledger';
import type { Sim } from './state';

// Every module's store, so a snapshot (server/control/snapshot.ts) can carry their state.
const stores = new Set<WeakMap<Ledger, unknown>>();

/** A getter for one module's state of a simulator, created on first use after each (re)load. */
export function perLoad<T>(init: (sim: Sim) => T): (sim: Sim) => T {
  const store = new WeakMap<Ledger, T>();
  stores.add(store as WeakMap<Ledger, unknown>);
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
  for (const store of stores) if (store.has(sim.ledger)) out.set(store, store.get(sim.ledger));
  return out;
}

/** Attach captured states to the sim's restored ledger; modules without one start from their seed. */
export function restorePerLoad(sim: Sim, states: Map<object, unknown>): void {
  for (const store of stores) {
    if (states.has(store)) store.set(sim.ledger, states.get(store));
    else store.delete(sim.ledger);
  }
}
