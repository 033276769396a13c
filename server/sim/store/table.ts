/**
 * A world's tables in memory (docs/decisions/021-world-as-data.md): each declared table is a Map of
 * plain rows, read as fast as a Map; every write goes through `put`, `update` or `delete`, which note
 * the row's before-image in the world's change set once. A request's commit (server/durability.ts)
 * writes exactly the rows of its change set, whatever the world's size; rewind puts the before-images
 * back.
 */
import type { Static, TObject } from '@sinclair/typebox';
import type { DeepReadonly, TableDef } from './schema';
import { worldTables } from './schema';

/** One changed row: its table, key and the row before the change set began (undefined: it was absent). */
export interface Change {
  table: string;
  key: string;
  before: unknown;
}

/** The rows changed since the last commit, with their before-images, in the order first changed. */
/** A changed row as a commit writes it: its current image (undefined: deleted) and whether it moved. */
export interface ChangedRow {
  table: Table<unknown>;
  key: string;
  after: unknown;
  /** Deleted and put again since the last write: it goes to the end of its table's order. */
  moved: boolean;
}

/** Rows to write in one transaction: a request's change set, or several requests' (group commit). */
export interface RowChanges {
  rows(): Iterable<ChangedRow>;
}

export class ChangeSet implements RowChanges {
  private readonly noted = new Map<Table<unknown>, Map<string, unknown>>();
  /** Rows deleted and put again in this change set: they moved to the end of their table. */
  private readonly moved = new Map<Table<unknown>, Set<string>>();
  private count = 0;

  has(table: Table<unknown>, key: string): boolean {
    return this.noted.get(table)?.has(key) ?? false;
  }

  /** A row deleted and put again: it moves to the end of its table's order. */
  noteMoved(table: Table<unknown>, key: string): void {
    let keys = this.moved.get(table);
    if (!keys) {
      keys = new Set();
      this.moved.set(table, keys);
    }
    keys.add(key);
    // Rows are written in the order of this change set: one that moved is written after every row
    // put before it, as it now comes after them in memory (its before-image is kept).
    const noted = this.noted.get(table);
    if (noted?.has(key)) {
      const before = noted.get(key);
      noted.delete(key);
      noted.set(key, before);
    }
  }

  note(table: Table<unknown>, key: string, before: unknown, clone: boolean): void {
    let keys = this.noted.get(table);
    if (!keys) {
      keys = new Map();
      this.noted.set(table, keys);
    }
    if (keys.has(key)) return;
    keys.set(key, clone && before !== undefined ? structuredClone(before) : before);
    this.count++;
  }

  get size(): number {
    return this.count;
  }

  /** Every changed row with its before-image and its current (after) image. */
  *rows(): Generator<{ table: Table<unknown>; key: string; before: unknown; after: unknown; moved: boolean }> {
    for (const [table, keys] of this.noted) {
      const moved = this.moved.get(table);
      for (const [key, before] of keys) yield { table, key, before, after: table.raw(key), moved: moved?.has(key) ?? false };
    }
  }

  /** The change set as it stands, emptied (the request committed it). */
  take(): Change[] {
    const out: Change[] = [];
    for (const [table, keys] of this.noted) for (const [key, before] of keys) out.push({ table: table.def.name, key, before });
    this.clear();
    return out;
  }

  clear(): void {
    this.noted.clear();
    this.moved.clear();
    this.count = 0;
  }
}

export class Table<R> {
  private readonly rows = new Map<string, R>();
  private readonly groups: Map<string, R[]> | undefined;

  constructor(
    readonly def: TableDef,
    private readonly changes: ChangeSet,
  ) {
    this.groups = def.groupBy ? new Map() : undefined;
  }

  get(key: string): DeepReadonly<R> | undefined {
    return this.rows.get(key) as DeepReadonly<R> | undefined;
  }

  has(key: string): boolean {
    return this.rows.has(key);
  }

  get size(): number {
    return this.rows.size;
  }

  keys(): MapIterator<string> {
    return this.rows.keys();
  }

  values(): MapIterator<DeepReadonly<R>> {
    return this.rows.values() as MapIterator<DeepReadonly<R>>;
  }

  entries(): MapIterator<[string, DeepReadonly<R>]> {
    return this.rows.entries() as MapIterator<[string, DeepReadonly<R>]>;
  }

  [Symbol.iterator](): MapIterator<[string, DeepReadonly<R>]> {
    return this.entries();
  }

  /** The rows of one group (def.groupBy), in the order they were first put. */
  group(value: string): readonly DeepReadonly<R>[] {
    return (this.groups?.get(value) ?? EMPTY) as readonly DeepReadonly<R>[];
  }

  /** The row itself, for the commit and the store only (never for a write: use update). */
  raw(key: string): R | undefined {
    return this.rows.get(key);
  }

  /** Put a whole row (insert or replace). */
  put(key: string, row: R): R {
    const before = this.rows.get(key);
    // Absent now but touched in this change set: it was deleted, and comes back at the end.
    if (before === undefined && this.changes.has(this as Table<unknown>, key)) this.changes.noteMoved(this as Table<unknown>, key);
    this.changes.note(this as Table<unknown>, key, before, false);
    this.rows.set(key, row);
    if (this.groups) {
      if (before !== undefined) this.ungroup(before);
      this.regroup(row);
    }
    return row;
  }

  /**
   * The row to change in place: its before-image is kept first (a copy), so the change is known to
   * the commit and can be rewound. Undefined when there is no such row.
   */
  update(key: string): R | undefined {
    const row = this.rows.get(key);
    if (row === undefined) return undefined;
    this.changes.note(this as Table<unknown>, key, row, true);
    return row;
  }

  delete(key: string): boolean {
    const before = this.rows.get(key);
    if (before === undefined) return false;
    this.changes.note(this as Table<unknown>, key, before, false);
    this.rows.delete(key);
    if (this.groups) this.ungroup(before);
    return true;
  }

  /** Delete every row. */
  clear(): void {
    for (const key of [...this.rows.keys()]) this.delete(key);
  }

  /** Rows put back without a change (loading from disk, or a rewind's restore of before-images). */
  load(key: string, row: R | undefined): void {
    const before = this.rows.get(key);
    if (before !== undefined && this.groups) this.ungroup(before);
    if (row === undefined) this.rows.delete(key);
    else {
      this.rows.set(key, row);
      if (this.groups) this.regroup(row);
    }
  }

  private groupOf(row: R): string {
    return String((row as Record<string, unknown>)[this.def.groupBy as string]);
  }

  private regroup(row: R): void {
    const name = this.groupOf(row);
    const list = this.groups?.get(name);
    if (list) list.push(row);
    else this.groups?.set(name, [row]);
  }

  private ungroup(row: R): void {
    const name = this.groupOf(row);
    const list = this.groups?.get(name);
    if (!list) return;
    const at = list.lastIndexOf(row);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) this.groups?.delete(name);
  }
}

const EMPTY: readonly never[] = Object.freeze([]);

/** A record: the one row of a table declared with defineRecord. */
export class Record1<R> {
  constructor(readonly table: Table<R>) {}

  get(): DeepReadonly<R> | undefined {
    return this.table.get('');
  }

  put(row: R): R {
    return this.table.put('', row);
  }

  update(): R | undefined {
    return this.table.update('');
  }
}

/** Rows of every table by name: what a snapshot keeps and an export carries (plain JSON data). */
export type WorldRows = Record<string, [string, unknown][]>;

/** The tables of one world, made on first use, and its change set. */
export class WorldDb {
  readonly changes = new ChangeSet();
  private readonly tables = new Map<string, Table<unknown>>();

  table<S extends TObject>(def: TableDef<S>): Table<Static<S>> {
    let table = this.tables.get(def.name);
    if (!table) {
      table = new Table<unknown>(def as unknown as TableDef, this.changes);
      this.tables.set(def.name, table);
    }
    return table as Table<Static<S>>;
  }

  byName(name: string): Table<unknown> | undefined {
    const def = worldTables().find((d) => d.name === name);
    return def ? (this.table(def) as Table<unknown>) : undefined;
  }

  /** Tables that have rows or were touched. */
  made(): IterableIterator<Table<unknown>> {
    return this.tables.values();
  }

  /** A deep copy of every row of every table (a snapshot), tables named in `except` left out. */
  capture(except: ReadonlySet<string> = new Set()): WorldRows {
    const out: WorldRows = {};
    for (const table of this.tables.values()) {
      if (except.has(table.def.name) || table.size === 0) continue;
      out[table.def.name] = structuredClone([...table.entries()]) as [string, unknown][];
    }
    return out;
  }

  /** Make every table hold exactly `rows` (a copy), through the change set; `except` left alone. */
  replace(rows: WorldRows, except: ReadonlySet<string> = new Set()): void {
    for (const def of worldTables()) {
      if (except.has(def.name)) continue;
      const wanted = rows[def.name];
      if (!wanted && !this.tables.has(def.name)) continue;
      const table = this.table(def) as Table<unknown>;
      const keep = new Set<string>();
      for (const [key, row] of wanted ?? []) {
        keep.add(key);
        table.put(key, structuredClone(row));
      }
      for (const key of [...table.keys()]) if (!keep.has(key)) table.delete(key);
    }
  }
}
