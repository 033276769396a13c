/**
 * A module's slice of the world schema (docs/decisions/021-world-as-data.md): a record declared
 * with its TypeBox schema and seeded on first use in each world (and again after a reset, which
 * empties every table). Modules with rows per account or per key declare tables with defineTable
 * and use `sim.db.table(DEF)` directly.
 */
import type { Static, TObject } from '@sinclair/typebox';
import { defineRecord, type DeepReadonly, type RowRules, type TableDef } from './store/schema';
import type { Sim } from './state';

export interface ModuleRecord<S extends TObject> {
  readonly def: TableDef<S>;
  /** The record, seeded first when the world has none yet. */
  get(sim: Sim): DeepReadonly<Static<S>>;
  /** The record to change in place (its before-image is kept for the commit and rewind). */
  update(sim: Sim): Static<S>;
}

export function moduleRecord<S extends TObject>(
  def: { name: string; owner: string; doc: string; row: S; rules?: RowRules },
  init: (sim: Sim) => Static<S>,
): ModuleRecord<S> {
  const declared = defineRecord(def);
  const row = (sim: Sim): Static<S> => {
    const table = sim.db.table(declared);
    return table.raw('') ?? table.put('', init(sim));
  };
  return {
    def: declared,
    get: (sim) => row(sim) as DeepReadonly<Static<S>>,
    update: (sim) => {
      row(sim);
      return sim.db.table(declared).update('') as Static<S>;
    },
  };
}
