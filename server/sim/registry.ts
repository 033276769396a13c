/**
 * Per-load state for simulator modules that keep their own Maps (sub-wallets, redemptions, launch
 * tickets…). State is keyed by the Sim's current Ledger: `Sim.load()` (reset, scenario switch)
 * makes a new Ledger, so every module starts from its seed again without `state.ts` knowing about it.
 */
import type { Ledger } from './ledger';
import type { Sim } from './state';

/** A getter for one module's state of a simulator, created on first use after each (re)load. */
export function perLoad<T>(init: (sim: Sim) => T): (sim: Sim) => T {
  const store = new WeakMap<Ledger, T>();
  return (sim) => {
    let state = store.get(sim.ledger);
    if (state === undefined) {
      state = init(sim);
      store.set(sim.ledger, state);
    }
    return state;
  };
}
