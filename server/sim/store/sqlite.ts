/**
 * One SQLite database per world (docs/decisions/021-world-as-data.md): a table per declared table of
 * the world schema, one column per top-level field of its row (numbers, strings and booleans as
 * themselves, anything else as JSON text), `key` the row's key. A request's change set is written
 * before its reply, in one transaction with those of the requests answered in the same turn of the
 * event loop (server/durability.ts, docs/decisions/044-group-commit.md); WAL with synchronous=NORMAL: a commit
 * survives a crash of the process (kill -9), the newest commits can be lost to a power cut.
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { Kind, OptionalKind, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { FILE_TABLES } from './file-tables';
import { worldTables, type TableDef } from './schema';
import type { RowChanges, Table, WorldDb } from './table';

/** The file format: PRAGMA user_version of a world database. (The JSON state directory was format 1.) */
export const WORLD_FORMAT = 2;
/** PRAGMA application_id of a world database ("SIMW"): tells ours from any other SQLite file. */
export const APPLICATION_ID = 0x53494d57;

type ColumnKind = 'integer' | 'real' | 'text' | 'boolean' | 'json';
interface Column {
  name: string;
  kind: ColumnKind;
  optional: boolean;
}

function columnKind(schema: TSchema): ColumnKind {
  switch (schema[Kind]) {
    case 'Integer':
      return 'integer';
    case 'Number':
      return 'real';
    case 'String':
      return 'text';
    case 'Boolean':
      return 'boolean';
    default:
      return 'json';
  }
}

const columnCache = new Map<string, Column[]>();
/** The columns of a table, from its row schema. */
export function columnsOf(def: TableDef): Column[] {
  let columns = columnCache.get(def.name);
  if (!columns) {
    const required = new Set(def.row.required ?? []);
    columns = Object.entries(def.row.properties).map(([name, schema]) => ({
      name,
      kind: columnKind(schema),
      optional: !required.has(name) || schema[OptionalKind] === 'Optional',
    }));
    columnCache.set(def.name, columns);
  }
  return columns;
}

const SQL_TYPE: Record<ColumnKind, string> = { integer: 'INTEGER', real: 'REAL', text: 'TEXT', boolean: 'INTEGER', json: 'TEXT' };
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The CREATE TABLE statement of a declared table. */
export function createSql(def: TableDef): string {
  const cols = columnsOf(def).map((c) => `${q(c.name)} ${SQL_TYPE[c.kind]}${c.optional ? '' : ' NOT NULL'}${c.kind === 'json' ? '' : ''}`);
  // A rowid table: rows are read back in the order they were first put (an upsert keeps a row's
  // place, a delete and a put in one change set move it to the end), as the tables keep them in memory.
  return `CREATE TABLE IF NOT EXISTS ${q(def.name)} (key TEXT PRIMARY KEY NOT NULL, ${cols.join(', ')})`;
}

type SqlValue = null | number | string;

function encode(columns: Column[], row: Record<string, unknown>): SqlValue[] {
  const out: SqlValue[] = [];
  for (const c of columns) {
    const v = row[c.name];
    if (v === undefined) out.push(null);
    else if (c.kind === 'json') out.push(JSON.stringify(v));
    else if (c.kind === 'boolean') out.push(v ? 1 : 0);
    else out.push(v as number | string);
  }
  return out;
}

function decode(columns: Column[], raw: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const c of columns) {
    const v = raw[c.name];
    if (v === null || v === undefined) continue;
    if (c.kind === 'json') row[c.name] = JSON.parse(v as string);
    else if (c.kind === 'boolean') row[c.name] = v === 1;
    else row[c.name] = v;
  }
  return row;
}

const checks = new Map<string, TypeCheck<TSchema>>();
function checkerOf(def: TableDef): TypeCheck<TSchema> {
  let check = checks.get(def.name);
  if (!check) {
    check = TypeCompiler.Compile(def.row);
    checks.set(def.name, check);
  }
  return check;
}

/** What is wrong with a row of a table (its first schema error), or null when it fits. */
export function rowProblem(def: TableDef, row: unknown): string | null {
  const check = checkerOf(def);
  if (check.Check(row)) return null;
  const first = check.Errors(row).First();
  return first ? `${first.path || '/'} ${first.message}` : 'does not fit';
}

/** Every table of a world database: the world schema's, then the file's own (journal, world_file). */
export function fileTables(): TableDef[] {
  return [...worldTables(), ...FILE_TABLES];
}

/** A database that is not a world of this version: the reason names what is wrong. */
export class WorldFileError extends Error {}

interface Statements {
  upsert: StatementSync;
  remove: StatementSync;
}

/** An open world database. */
export class WorldFile {
  readonly db: DatabaseSync;
  private readonly statements = new Map<string, Statements>();

  private constructor(readonly path: string, db: DatabaseSync) {
    this.db = db;
  }

  /**
   * Open (or create) a world database for writing: in WAL mode for a state directory, or with a
   * rollback journal (`wal: false`) for an exported file, which is then one self-contained file.
   */
  static open(path: string, { wal = true }: { wal?: boolean } = {}): WorldFile {
    const db = new DatabaseSync(path);
    try {
      db.exec(wal ? 'PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;' : 'PRAGMA journal_mode=DELETE;');
      const file = new WorldFile(path, db);
      file.checkOrInit();
      return file;
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /** Open a database read-only to check and read it (an import, a load). */
  static read(path: string): WorldFile {
    const db = new DatabaseSync(path, { readOnly: true });
    return new WorldFile(path, db);
  }

  /**
   * Open a database of unknown origin (an uploaded file, copied to a place of our own) to check and
   * read it: nothing is created in it and nothing written (query_only). A file that is not SQLite
   * at all is a WorldFileError.
   */
  static inspect(path: string): WorldFile {
    let db: DatabaseSync;
    try {
      db = new DatabaseSync(path);
      db.exec('PRAGMA query_only=1');
    } catch (err) {
      throw new WorldFileError(`not a SQLite database (${err instanceof Error ? err.message : String(err)})`);
    }
    return new WorldFile(path, db);
  }

  private checkOrInit(): void {
    const version = this.pragma('user_version');
    const app = this.pragma('application_id');
    const tables = (this.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n;
    if (version === 0 && app === 0 && tables === 0) {
      this.db.exec('BEGIN');
      for (const def of fileTables()) this.db.exec(createSql(def));
      this.db.exec(`PRAGMA application_id=${APPLICATION_ID}; PRAGMA user_version=${WORLD_FORMAT}; COMMIT`);
      return;
    }
    this.check();
    // Tables declared since the file was made start empty.
    for (const def of fileTables()) this.db.exec(createSql(def));
  }

  private pragma(name: string): number {
    const row = this.db.prepare(`PRAGMA ${name}`).get() as Record<string, number> | undefined;
    return row ? Number(Object.values(row)[0]) : 0;
  }

  /** Throws WorldFileError unless this is a world database this code can read. */
  check(): void {
    let app: number;
    let version: number;
    try {
      app = this.pragma('application_id');
      version = this.pragma('user_version');
    } catch (err) {
      throw new WorldFileError(`not a SQLite database (${err instanceof Error ? err.message : String(err)})`);
    }
    if (app !== APPLICATION_ID) throw new WorldFileError(`not a world database (application_id ${app}, expected ${APPLICATION_ID})`);
    if (version > WORLD_FORMAT) throw new WorldFileError(`world format ${version} is newer than this simulator's ${WORLD_FORMAT}; update the simulator`);
    if (version !== WORLD_FORMAT) throw new WorldFileError(`world format ${version} is not ${WORLD_FORMAT}`);
    const integrity = this.db.prepare('PRAGMA quick_check').all() as { quick_check: string }[];
    if (integrity.length !== 1 || integrity[0]?.quick_check !== 'ok') {
      throw new WorldFileError(`the database is damaged (${integrity.map((r) => r.quick_check).join('; ').slice(0, 200)})`);
    }
  }

  private statementsOf(def: TableDef): Statements {
    let s = this.statements.get(def.name);
    if (!s) {
      const columns = columnsOf(def);
      const names = ['key', ...columns.map((c) => q(c.name))];
      s = {
        upsert: this.db.prepare(
          `INSERT INTO ${q(def.name)} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) ON CONFLICT(key) DO UPDATE SET ` +
            (columns.length ? columns.map((c) => `${q(c.name)} = excluded.${q(c.name)}`).join(', ') : 'key = excluded.key'),
        ),
        remove: this.db.prepare(`DELETE FROM ${q(def.name)} WHERE key = ?`),
      };
      this.statements.set(def.name, s);
    }
    return s;
  }

  /** Write the changed rows (their current images) as one transaction. */
  write(changes: RowChanges): void {
    this.db.exec('BEGIN');
    try {
      for (const { table, key, after, moved } of changes.rows()) {
        if (moved) this.statementsOf(table.def).remove.run(key);
        this.put(table.def, key, after);
      }
      this.db.exec('COMMIT');
    } catch (err) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
  }

  /**
   * Write every row of every table (a whole world: an import, an export), and the rows of `extra`
   * tables (the file's own: the journal of an export), as one transaction.
   */
  writeAll(db: WorldDb, extra: ReadonlyMap<TableDef, Iterable<[string, unknown]>> = new Map()): void {
    this.db.exec('BEGIN');
    try {
      for (const def of fileTables()) this.db.exec(`DELETE FROM ${q(def.name)}`);
      for (const table of db.made()) for (const [key, row] of table.entries()) this.put(table.def, key, row);
      for (const [def, rows] of extra) for (const [key, row] of rows) this.put(def, key, row);
      this.db.exec('COMMIT');
    } catch (err) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
  }

  private put(def: TableDef, key: string, row: unknown): void {
    const s = this.statementsOf(def);
    if (row === undefined) s.remove.run(key);
    else s.upsert.run(key, ...encode(columnsOf(def), (def.toDisk ? def.toDisk(row as never) : row) as Record<string, unknown>));
  }

  /**
   * Every row of every declared table, checked against its schema: a row that does not fit, or a
   * table that is not declared, is a WorldFileError naming it.
   */
  readAll(): Map<string, [string, unknown][]> {
    this.check();
    const all = fileTables();
    const declared = new Set(all.map((d) => d.name));
    const present = (this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name);
    const foreign = present.filter((n) => !declared.has(n) && !n.startsWith('sqlite_'));
    if (foreign.length) throw new WorldFileError(`unknown table ${foreign.map((n) => `"${n}"`).join(', ')}`);
    const out = new Map<string, [string, unknown][]>();
    for (const def of all) {
      if (!present.includes(def.name)) continue;
      const columns = columnsOf(def);
      const check = checkerOf(def);
      const rows: [string, unknown][] = [];
      let raws: Record<string, unknown>[];
      try {
        raws = this.db.prepare(`SELECT * FROM ${q(def.name)} ORDER BY rowid`).all() as Record<string, unknown>[];
      } catch (err) {
        throw new WorldFileError(`table "${def.name}" cannot be read (${err instanceof Error ? err.message : String(err)})`, { cause: err });
      }
      for (const raw of raws) {
        let row: Record<string, unknown>;
        try {
          row = decode(columns, raw);
        } catch {
          throw new WorldFileError(`table "${def.name}", row "${String(raw.key)}": a JSON column is not JSON`);
        }
        if (typeof raw.key !== 'string' || !check.Check(row)) {
          const first = check.Errors(row).First();
          throw new WorldFileError(`table "${def.name}", row "${String(raw.key)}": ${first ? `${first.path || '/'} ${first.message}` : 'bad key'}`);
        }
        rows.push([raw.key, row]);
      }
      out.set(def.name, rows);
    }
    return out;
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}

/** Put rows read from a file into a world's tables, replacing what they held, with no change noted. */
export function loadRows(db: WorldDb, rows: Map<string, [string, unknown][]>): void {
  for (const def of worldTables()) {
    const table = db.table(def) as Table<unknown>;
    for (const key of [...table.keys()]) table.load(key, undefined);
    for (const [key, row] of rows.get(def.name) ?? []) table.load(key, row);
  }
  db.changes.clear();
}
