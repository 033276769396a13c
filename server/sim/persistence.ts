/**
 * Durable worlds (docs/decisions/021-world-as-data.md): each world is one SQLite database,
 * `DIR/worlds/NAME.sqlite`, with a table per table of the world schema. A request's change set (the
 * rows it put or deleted) is written before its reply, so a commit costs the same whatever the
 * world's size. Group commit (docs/decisions/044-group-commit.md): the change sets of the requests
 * that reach their reply in the same turn of the event loop are written as one transaction at the
 * end of that turn, and each of their replies waits for it. At most `maxOpen` databases are open at
 * once (the least recently used is closed), so 1,000 worlds fit the default limit of open files. A
 * deleted world's database is removed and never written again, also by its requests still in flight.
 *
 * Accounts hold salted password digests only: no plaintext password is a row of any table.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Sim } from './state';
import { loadRows, WorldFile, WorldFileError } from './store/sqlite';
import type { ChangedRow, ChangeSet, RowChanges, Table } from './store/table';
import './store/world-schema';

export interface WorldPersistence {
  /** The saved world of this name, or undefined when there is none (a corrupt file is moved aside and reported). */
  load(name: string, fresh: () => Sim): Sim | undefined;
  /** Write the world's change set and any rows still waiting for a group's write, now (one transaction). */
  commit(name: string, sim: Sim): void;
  /**
   * Take the world's change set into the write made at the end of this turn of the event loop, with
   * the change sets of the other requests that get there in the same turn (one transaction). The
   * promise settles once that write is done: it rejects with a PersistenceError when it failed (the
   * rows then wait for the next write that succeeds).
   */
  commitSoon(name: string, sim: Sim): Promise<void>;
  /** The write the world's taken changes are waiting for, if one is due: a reply waits for it too. */
  pending(name: string): Promise<void> | undefined;
  /** Write the world's pending changes and close its database (before it is unloaded). */
  save(name: string, sim: Sim): void;
  /** Write a whole world (an import) as one transaction; `replaced`, the world it replaces, is never written again. */
  writeWhole(name: string, sim: Sim, replaced?: Sim): void;
  /** Delete the world's database for good: this Sim is never written again. */
  remove(name: string, sim?: Sim): void;
  /** Whether a world of this name is saved (loaded now or not). */
  exists(name: string): boolean;
  /** Every saved world, with when its database was last written. */
  saved(): { name: string; savedAt: number }[];
  close(): void;
}

/** A change that could not be made durable: the reply to the call that made it must not be 2xx. */
export class PersistenceError extends Error {
  constructor(
    readonly world: string,
    readonly path: string,
    cause: unknown,
    reading = false,
  ) {
    const reason = cause instanceof Error ? ((cause as NodeJS.ErrnoException).code ?? cause.message) : String(cause);
    super(reading ? `World "${world}" could not be read from ${path} (${reason})` : `The change to world "${world}" could not be saved to ${path} (${reason})`, { cause });
  }
}

/** SQLite's primary result codes of a machine's trouble (a full disk, I/O, permissions, locks), not of a damaged file. */
const MACHINE_SQLITE_CODES = new Set([3 /* PERM */, 5 /* BUSY */, 6 /* LOCKED */, 7 /* NOMEM */, 8 /* READONLY */, 10 /* IOERR */, 13 /* FULL */, 14 /* CANTOPEN */, 15 /* PROTOCOL */]);
const MACHINE_ERRNO = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EACCES', 'EPERM', 'EMFILE', 'ENFILE', 'EROFS', 'EBUSY', 'ENOMEM']);

/**
 * Whether a failure to read a world's file is the machine's (a full disk, an I/O error) rather than
 * the file's: such a file is left where it is, and is read again once the machine allows it. Only a
 * damaged file is set aside.
 */
export function isMachineTrouble(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const errcode = (e as { errcode?: unknown }).errcode;
    if (typeof errcode === 'number' && MACHINE_SQLITE_CODES.has(errcode & 0xff)) return true;
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && MACHINE_ERRNO.has(code)) return true;
  }
  return false;
}

/** World names are file names here; the worlds registry allows the same characters. */
const WORLD_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** Databases kept open at once (each holds three files: the database, its WAL and shared memory). */
export const DEFAULT_MAX_OPEN = 64;

export interface FilePersistenceOptions {
  /** The state directory; worlds live in its `worlds/` folder. */
  dir: string;
  /** Where problems are reported (a corrupt file moved aside). */
  report?: (line: string) => void;
  maxOpen?: number;
}

/**
 * A world's rows taken from change sets and not yet written: by table, each key with whether it
 * moved to the end of its table. Keys are kept in the order the rows were appended in memory: a row
 * that moves again goes to the end here too, so the file reads back in the same order.
 */
class Unwritten implements RowChanges {
  readonly tables = new Map<Table<unknown>, Map<string, boolean>>();
  /** Each row's image as the last successful write left it (undefined: absent), to undo a failed write. */
  readonly lastWritten = new Map<Table<unknown>, Map<string, unknown>>();
  count = 0;
  /** The write due at the end of this turn, and the replies waiting for it. */
  due: Due | null = null;

  constructor(readonly sim: Sim) {}

  take(changes: ChangeSet): void {
    for (const { table, key, before, after, moved } of changes.rows()) {
      let keys = this.tables.get(table);
      if (!keys) {
        keys = new Map();
        this.tables.set(table, keys);
      }
      const waiting = keys.get(key);
      if (waiting === undefined) {
        keys.set(key, moved);
        this.count++;
        let images = this.lastWritten.get(table);
        if (!images) {
          images = new Map();
          this.lastWritten.set(table, images);
        }
        images.set(key, before);
      } else if (moved || (before === undefined && after !== undefined)) {
        // Deleted by a call before and put again by this one: it is at the end of the table now.
        keys.delete(key);
        keys.set(key, true);
      }
    }
  }

  *rows(): Generator<ChangedRow> {
    for (const [table, keys] of this.tables) for (const [key, moved] of keys) yield { table, key, after: table.raw(key), moved };
  }

  /**
   * Put every waiting row back as the last successful write left it, without a change (the write
   * that would have made them durable failed, and the calls that made them were refused). Not done,
   * and false, when a call still in flight has changed one of these rows since (it built on them):
   * the rows then stay waiting for the next write that succeeds. A row put back after a delete goes
   * to the end of its table's order in memory.
   */
  undo(): boolean {
    const inFlight = this.sim.db.changes;
    for (const [table, images] of this.lastWritten) for (const key of images.keys()) if (inFlight.has(table, key)) return false;
    for (const [table, images] of this.lastWritten) for (const [key, image] of images) table.load(key, image === undefined ? undefined : structuredClone(image));
    this.written();
    this.sim.afterLoad();
    return true;
  }

  written(): void {
    this.tables.clear();
    this.lastWritten.clear();
    this.count = 0;
  }
}

const WRITTEN: Promise<void> = Promise.resolve();

/** A write due at the end of the turn: the promise the waiting replies hold, and how it settles. */
interface Due {
  promise: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

function due(): Due {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** One SQLite database per world. */
export class SqliteWorldPersistence implements WorldPersistence {
  readonly dir: string;
  private readonly report: (line: string) => void;
  private readonly maxOpen: number;
  // Insertion order is use order: the first entry is the least recently used.
  private readonly open = new Map<string, WorldFile>();
  /** Transactions written and the rows they held, since the start (tests, benchmarks). */
  readonly stats = { commits: 0, rows: 0 };
  /** Worlds deleted: their Sims (still held by requests in flight) are never written again. */
  private readonly deleted = new WeakSet<Sim>();
  /** Rows taken for a group's write and not yet written, by world. */
  private readonly unwritten = new Map<string, Unwritten>();
  private closed = false;
  /** Puts a group's write at the end of the current turn of the event loop (a test may hold it instead). */
  schedule: (write: () => void) => void = (write) => setImmediate(write);

  constructor(options: FilePersistenceOptions) {
    this.dir = join(options.dir, 'worlds');
    this.report = options.report ?? ((line) => console.error(line));
    this.maxOpen = Math.max(1, options.maxOpen ?? DEFAULT_MAX_OPEN);
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  /** The database file of a world. */
  file(name: string): string {
    if (!WORLD_NAME.test(name)) throw new Error(`"${name}" is not a world name (1-64 of A-Z a-z 0-9 _ -)`);
    return join(this.dir, `${name}.sqlite`);
  }

  /** How many databases are open now. */
  get openCount(): number {
    return this.open.size;
  }

  private handle(name: string): WorldFile {
    let file = this.open.get(name);
    if (file) {
      this.open.delete(name);
      this.open.set(name, file);
      return file;
    }
    const path = this.file(name);
    // The owner's only, like the key: made empty with mode 0600 before SQLite opens it (its WAL
    // and shared-memory files take the database's mode).
    if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
    file = WorldFile.open(path);
    this.open.set(name, file);
    while (this.open.size > this.maxOpen) {
      const [oldest, handle] = this.open.entries().next().value as [string, WorldFile];
      handle.close();
      this.open.delete(oldest);
    }
    return file;
  }

  load(name: string, fresh: () => Sim): Sim | undefined {
    const path = this.file(name);
    if (!existsSync(path)) return undefined;
    try {
      if (!statSync(path).isFile()) throw new WorldFileError('not a regular file');
      const rows = this.handle(name).readAll();
      const sim = fresh();
      loadRows(sim.db, rows);
      sim.afterLoad();
      return sim;
    } catch (err) {
      if (isMachineTrouble(err)) {
        this.closeOne(name);
        throw new PersistenceError(name, path, err, true);
      }
      this.moveAside(name, err);
      return undefined;
    }
  }

  private moveAside(name: string, err: unknown): void {
    this.closeOne(name);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const path = this.file(name);
    const moved: string[] = [];
    for (const suffix of ['', '-wal', '-shm']) {
      if (!existsSync(path + suffix)) continue;
      const aside = `${path}${suffix}.corrupt-${stamp}`;
      try {
        renameSync(path + suffix, aside);
        moved.push(aside);
      } catch (renameErr) {
        this.report(`State file ${path + suffix} of world "${name}" could not be moved aside: ${String(renameErr)}`);
      }
    }
    const reason = err instanceof Error ? err.message : String(err);
    this.report(`State file ${path} of world "${name}" is unreadable (${reason}); moved to ${moved.join(' and ')}; serving the world fresh`);
  }

  /** The rows of a world waiting to be written; those of a Sim the name no longer holds are dropped. */
  private unwrittenOf(name: string, sim: Sim): Unwritten {
    let rows = this.unwritten.get(name);
    if (!rows || rows.sim !== sim) {
      rows = new Unwritten(sim);
      this.unwritten.set(name, rows);
    }
    return rows;
  }

  commit(name: string, sim: Sim): void {
    if (this.deleted.has(sim)) return;
    const waiting = this.unwritten.get(name);
    if (sim.db.changes.size === 0 && !(waiting?.sim === sim && waiting.count > 0)) return;
    const rows = this.unwrittenOf(name, sim);
    rows.take(sim.db.changes);
    // The change set itself is left to the caller (it keeps the before-images for rewind); when the
    // write fails, its rows stay waiting here and the next write that succeeds takes them.
    this.write(name, rows);
  }

  commitSoon(name: string, sim: Sim): Promise<void> {
    if (this.deleted.has(sim)) return WRITTEN;
    const rows = this.unwrittenOf(name, sim);
    rows.take(sim.db.changes);
    if (!rows.due) {
      rows.due = due();
      this.schedule(() => this.writeDue(name, rows));
    }
    return rows.due.promise;
  }

  pending(name: string): Promise<void> | undefined {
    return this.unwritten.get(name)?.due?.promise;
  }

  /** The group's write at the end of the turn: every row taken since the last write, one transaction. */
  private writeDue(name: string, rows: Unwritten): void {
    const waiting = rows.due;
    rows.due = null;
    if (!waiting) return;
    // A world deleted or replaced meanwhile is not written (as a commit of it would not be); one
    // already written by a commit of the whole world, or by the close, has nothing left.
    const stale = this.unwritten.get(name) !== rows || this.deleted.has(rows.sim);
    if (stale || rows.count === 0) {
      if (!stale) this.unwritten.delete(name);
      waiting.resolve();
      return;
    }
    if (this.closed) {
      waiting.reject(new PersistenceError(name, this.file(name), new Error('the state directory was closed')));
      return;
    }
    try {
      this.write(name, rows);
      this.unwritten.delete(name);
      waiting.resolve();
    } catch (err) {
      waiting.reject(err);
    }
  }

  private write(name: string, rows: Unwritten): void {
    if (rows.count === 0) return;
    const path = this.file(name);
    try {
      this.handle(name).write(rows);
      this.stats.commits++;
      this.stats.rows += rows.count;
      rows.written();
    } catch (err) {
      this.closeOne(name);
      // A change that could not be written is refused to its calls, so it is not kept either.
      if (rows.undo() && this.unwritten.get(name) === rows && !rows.due) this.unwritten.delete(name);
      throw new PersistenceError(name, path, err);
    }
  }

  /**
   * Write a whole world (an import): its database holds exactly its rows afterwards, or, when the
   * write fails, what it held before. `replaced` (the world it replaces) is never written again.
   */
  writeWhole(name: string, sim: Sim, replaced?: Sim): void {
    this.deleted.delete(sim);
    const path = this.file(name);
    try {
      this.handle(name).writeAll(sim.db);
    } catch (err) {
      this.closeOne(name);
      throw new PersistenceError(name, path, err);
    }
    // Every row is written: nothing of this world waits any more, and the world it replaced never will.
    this.unwritten.get(name)?.written();
    if (replaced && replaced !== sim) this.deleted.add(replaced);
  }

  save(name: string, sim: Sim): void {
    this.commit(name, sim);
    this.closeOne(name);
    if (!this.unwritten.get(name)?.due) this.unwritten.delete(name);
  }

  remove(name: string, sim?: Sim): void {
    if (sim) this.deleted.add(sim);
    this.unwritten.delete(name);
    this.closeOne(name);
    const path = this.file(name);
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(path + suffix)) unlinkSync(path + suffix);
  }

  exists(name: string): boolean {
    return existsSync(this.file(name));
  }

  saved(): { name: string; savedAt: number }[] {
    const worlds: { name: string; savedAt: number }[] = [];
    for (const file of readdirSync(this.dir)) {
      if (!file.endsWith('.sqlite')) continue;
      const name = file.slice(0, -'.sqlite'.length);
      if (!WORLD_NAME.test(name)) continue;
      try {
        const path = join(this.dir, file);
        worlds.push({ name, savedAt: Math.round(Math.max(statSync(path).mtimeMs, existsSync(`${path}-wal`) ? statSync(`${path}-wal`).mtimeMs : 0)) });
      } catch {
        // Removed while listed.
      }
    }
    return worlds;
  }

  private closeOne(name: string): void {
    this.open.get(name)?.close();
    this.open.delete(name);
  }

  close(): void {
    // Rows still waiting for a group's write are written first (their replies then go as written);
    // when that write fails, the replies waiting for it are refused.
    for (const [name, rows] of this.unwritten) {
      try {
        if (!this.deleted.has(rows.sim)) this.write(name, rows);
      } catch (err) {
        this.report(err instanceof Error ? err.message : String(err));
      }
    }
    this.closed = true;
    for (const file of this.open.values()) file.close();
    this.open.clear();
  }

  /** Bytes of a world's files (for lists and benchmarks). */
  sizeOf(name: string): number {
    const path = this.file(name);
    return ['', '-wal'].reduce((n, s) => n + (existsSync(path + s) ? statSync(path + s).size : 0), 0);
  }
}

/** The name the state directory has always used for its persistence. */
export { SqliteWorldPersistence as FileWorldPersistence };
