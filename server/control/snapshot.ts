/**
 * Named snapshots of a world for the QA control API: a copy of the rows of every table of the world
 * schema (server/sim/store) but the clock (time only moves on; `clock reset` goes back to real
 * time), put back through the change set any number of times. The RSA key pair and the journal are
 * not world rows (a client's cached key keeps working; the calls made before a restore were made).
 * Snapshots are rows of the world's `snapshots` table, so they survive a restart and travel with an
 * export.
 */
import { Type } from '@sinclair/typebox';
import type { Sim } from '../sim/state';
import { defineTable, worldTable } from '../sim/store/schema';
import type { WorldRows } from '../sim/store/table';

export const SNAPSHOTS = defineTable({
  name: 'snapshots',
  owner: 'control',
  survivesReset: true,
  key: 'snapshot name',
  doc: 'Named snapshots QA took of the world: the scenario, when, and every row of the other tables but the clock.',
  row: Type.Object({
    name: Type.String(),
    scenario: Type.String(),
    takenAt: Type.Number(),
    rows: Type.Record(Type.String(), Type.Array(Type.Tuple([Type.String(), Type.Unknown()]))),
  }),
  // Each table's rows as that table writes them (no plaintext secret).
  toDisk: (snap) => ({
    ...snap,
    rows: Object.fromEntries(
      Object.entries(snap.rows).map(([name, rows]) => {
        const def = worldTable(name);
        return [name, def?.toDisk ? rows.map(([key, row]) => [key, def.toDisk?.(row as never)] as [string, unknown]) : rows];
      }),
    ),
  }),
});

/** Tables a snapshot leaves alone. */
const NOT_IN_SNAPSHOT: ReadonlySet<string> = new Set(['clock', SNAPSHOTS.name]);

export interface Snapshot {
  name: string;
  scenario: string;
  takenAt: number;
  rows: WorldRows;
}

/** A copy of the world's rows. */
export function snapshot(sim: Sim, name: string): Snapshot {
  return { name, scenario: sim.scenario.name, takenAt: sim.now(), rows: sim.db.capture(NOT_IN_SNAPSHOT) };
}

/** Put a snapshot back; the snapshot itself stays untouched, so it can be restored again. */
export function restore(sim: Sim, snap: Snapshot): void {
  sim.db.replace(snap.rows, NOT_IN_SNAPSHOT);
  sim.afterLoad();
}

/** The world's named snapshots (a view of its `snapshots` table). */
export function snapshotsOf(sim: Sim) {
  const table = sim.db.table(SNAPSHOTS);
  return {
    get size() {
      return table.size;
    },
    get: (name: string): Snapshot | undefined => table.get(name) as Snapshot | undefined,
    set: (name: string, snap: Snapshot) => void table.put(name, snap),
    values: () => table.values() as IterableIterator<Snapshot>,
  };
}
