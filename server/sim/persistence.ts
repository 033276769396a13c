/**
 * Durable worlds (docs/decisions/021-world-as-data.md): each world is one SQLite database,
 * `DIR/worlds/NAME.sqlite`, with a table per table of the world schema. A request's change set (the
 * rows it put or deleted) is written as one transaction before its reply, so a commit costs the same
 * whatever the world's size. At most `maxOpen` databases are open at once (the least recently used is
 * closed), so 1,000 worlds fit the default limit of open files. A deleted world's database is removed
 * and never written again, also by its requests still in flight.
 *
 * Accounts hold salted password digests only: no plaintext password is a row of any table.
 */
import { closeSync, existsSync, mkdirSync, openSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Sim } from './state';
import { loadRows, WorldFile, WorldFileError } from './store/sqlite';
import './store/world-schema';

export interface WorldPersistence {
  /** The saved world of this name, or undefined when there is none (a corrupt file is moved aside and reported). */
  load(name: string, fresh: () => Sim): Sim | undefined;
  /** Write the world's change set (one transaction); called before the reply of every request that changed it. */
  commit(name: string, sim: Sim): void;
  /** Write the world's pending changes and close its database (before it is unloaded). */
  save(name: string, sim: Sim): void;
  /** Write a whole world (an import) as one transaction; `replaced`, the world it replaces, is never written again. */
  writeWhole(name: string, sim: Sim, replaced?: Sim): void;
  /** Delete the world's database for good: this Sim is never written again. */
  remove(name: string, sim?: Sim): void;
  close(): void;
}

/** A change that could not be made durable: the reply to the call that made it must not be 2xx. */
export class PersistenceError extends Error {
  constructor(
    readonly world: string,
    readonly path: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? ((cause as NodeJS.ErrnoException).code ?? cause.message) : String(cause);
    super(`The change to world "${world}" could not be saved to ${path} (${reason})`, { cause });
  }
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

  commit(name: string, sim: Sim): void {
    if (this.deleted.has(sim) || sim.db.changes.size === 0) return;
    const path = this.file(name);
    try {
      this.handle(name).write(sim.db.changes);
      this.stats.commits++;
      this.stats.rows += sim.db.changes.size;
    } catch (err) {
      // The changes stay in the change set: the next commit that succeeds writes them.
      this.closeOne(name);
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
    if (replaced && replaced !== sim) this.deleted.add(replaced);
  }

  save(name: string, sim: Sim): void {
    this.commit(name, sim);
    this.closeOne(name);
  }

  remove(name: string, sim?: Sim): void {
    if (sim) this.deleted.add(sim);
    this.closeOne(name);
    const path = this.file(name);
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(path + suffix)) unlinkSync(path + suffix);
  }

  private closeOne(name: string): void {
    this.open.get(name)?.close();
    this.open.delete(name);
  }

  close(): void {
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
