/**
 * The declared world schema (docs/decisions/021-world-as-data.md): every piece of a world's state is
 * a table of rows with a string key, or a record (a table of one row), declared once here or by the
 * module that owns it, with a TypeBox schema of its row. Nothing else is a world's state: snapshots,
 * reset, sweeps, unload and reload, deletion, export and rewind all work from this list, and a row
 * that is not declared has no table to be put in.
 */
import type { Static, TObject } from '@sinclair/typebox';

export interface TableDef<S extends TObject = TObject> {
  readonly kind: 'table' | 'record';
  /** The table's name, also its SQLite table's name: lower case, digits and _. */
  readonly name: string;
  readonly row: S;
  /** What the key is, for the generated table reference (docs/world-tables.md). */
  readonly key: string;
  /** What the table holds. */
  readonly doc: string;
  /** The module that owns the table. */
  readonly owner: string;
  /**
   * The row field naming the account a row belongs to: an expired free-play guest's rows are
   * deleted with it (Sim.sweep).
   */
  readonly accountField?: string;
  /**
   * The row as written to disk, when it differs from the row in memory: a plaintext secret is left
   * out (the brand's default password comes back from the fixtures, Sim.afterLoad).
   */
  readonly toDisk?: (row: Static<S>) => Static<S>;
  /** The table keeps its rows through a reset or a scenario load (Sim.load). */
  readonly survivesReset?: boolean;
  /** A row field by which the table keeps its rows grouped in memory (Table.group), in key order. */
  readonly groupBy?: string;
  /**
   * What a row must be beyond its type, checked when a world file is imported
   * (server/sim/store/consistency.ts). A table with an `accountField` also names an account of
   * `accounts` there.
   */
  readonly rules?: RowRules;
  /** Drops what has expired on the world's clock (Sim.sweep); returns how many rows went. */
  sweep?(table: import('./table').Table<Static<S>>, now: number, world: import('../state').Sim): number;
}

/**
 * Rules of a table's rows beyond their types (TableDef.rules). A path names a field of the row and
 * the fields inside it, separated by `/`; `*` stands for every element of an array or value of an
 * object. A path with nothing at it (an absent optional field, null) breaks no rule.
 */
export interface RowRules {
  /** Money in the brand currency: a finite amount with at most two decimals, within ±MONEY_LIMIT (openapi/money.ts). */
  readonly money?: readonly string[];
  /** Numbers never below zero: counts, ids, counters, stock, balances, stakes. */
  readonly nonNegative?: readonly string[];
  /** The key of a row of another table, by the table's name. */
  readonly references?: Readonly<Record<string, string>>;
  /** The next id a counter hands out: above every id at a path of a table's rows (`table` and `path`). */
  readonly nextIds?: Readonly<Record<string, { table: string; path: string }>>;
}

export type RowOf<D> = D extends TableDef<infer S> ? Static<S> : never;

const declared = new Map<string, TableDef>();

/** Declare a table of the world schema; a name is declared once. */
export function defineTable<S extends TObject>(def: Omit<TableDef<S>, 'kind'> & { kind?: 'table' | 'record' }): TableDef<S> {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(def.name)) throw new Error(`table name "${def.name}" must be lower case letters, digits and _`);
  if (declared.has(def.name)) throw new Error(`world table "${def.name}" is declared twice`);
  const full: TableDef<S> = { ...def, kind: def.kind ?? 'table' };
  declared.set(def.name, full as unknown as TableDef);
  return full;
}

/** Declare a record: a table of one row under the key ''. */
export function defineRecord<S extends TObject>(def: Omit<TableDef<S>, 'kind' | 'key'>): TableDef<S> {
  return defineTable({ ...def, kind: 'record', key: "'' (one row)" });
}

/** Every declared table, in declaration order. */
export function worldTables(): readonly TableDef[] {
  return [...declared.values()];
}

export function worldTable(name: string): TableDef | undefined {
  return declared.get(name);
}

/** Read-only view of a row: a write must go through Table.put / Table.update. */
export type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends Map<infer K, infer V>
    ? ReadonlyMap<K, DeepReadonly<V>>
    : T extends object
      ? { readonly [P in keyof T]: DeepReadonly<T[P]> }
      : T;
