/**
 * A world as one file (docs/decisions/030-world-files.md): the world's SQLite database in the
 * format of a state directory's files (server/sim/store/sqlite.ts: same tables and columns,
 * application id and format version), with its request journal and its name in the file's own
 * tables (server/sim/store/file-tables.ts). An export is built from the world's tables in memory,
 * which under `--state` hold what its database holds; an import reads and checks the whole file
 * into a new world before anything is replaced, so a refused file changes nothing. The journal's
 * entries carry the before-images rewind keeps (server/sim/rewind.ts), so an imported world rewinds
 * as far back as the exported one did (docs/decisions/036-fault-tables-and-rewind-in-world-files.md);
 * a file without them (an earlier version's) imports with its entries out of rewind's reach.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keptChanges, restoreKeptChanges } from './rewind';
import { consistencyProblem } from './store/consistency';
import { JOURNAL_TABLE, WORLD_FILE_TABLE } from './store/file-tables';
import { worldTable } from './store/schema';
import { loadRows, rowProblem, WorldFile, WorldFileError } from './store/sqlite';
import type { Change } from './store/table';
import type { Sim } from './state';
import './store/world-schema';

/** The media type of a world file (SQLite's registered type). */
export const WORLD_FILE_TYPE = 'application/vnd.sqlite3';
/** The media types an import takes. */
export const WORLD_FILE_BODY_TYPES = [WORLD_FILE_TYPE, 'application/octet-stream'] as const;
/** The largest world file an import takes (a world of 1,000 accounts is about a megabyte). */
export const WORLD_FILE_MAX_BYTES = 256 * 1024 * 1024;

/** Every SQLite database starts with these 16 bytes. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/** Run `work` with a file path in a fresh private folder, removed afterwards. */
function withTempFile<T>(work: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'sim-world-file-'));
  try {
    return work(join(dir, 'world.sqlite'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The world's file: every table's rows, the journal (oldest first) and the world's name. */
export function exportWorld(name: string, sim: Sim, exportedAt = Date.now()): Buffer {
  const { entries, nextId } = sim.journal.dump();
  const { byEntry } = keptChanges(sim);
  const journal = entries.map(({ id, json }): [string, unknown] => {
    const changes = byEntry.get(id);
    return [String(id), { id, entry: JSON.parse(json) as unknown, ...(changes ? { changes: changes.map((set) => set.map(onDisk)) } : {}) }];
  });
  const header: [string, unknown][] = [['', { world: name, exportedAt, journalNextId: nextId }]];
  return withTempFile((path) => {
    const file = WorldFile.open(path, { wal: false });
    try {
      file.writeAll(
        sim.db,
        new Map([
          [JOURNAL_TABLE, journal],
          [WORLD_FILE_TABLE, header],
        ]),
      );
    } finally {
      file.close();
    }
    return readFileSync(path);
  });
}

/** A world file read and checked: the world made from it, and the name it was exported under. */
export interface ImportedWorld {
  sim: Sim;
  /** The world's name in the file; undefined for a state directory's file (its file name names it). */
  name: string | undefined;
}

/**
 * Read a world file into a new world made by `fresh` (the process's settings: brand, journal size,
 * key pair). Throws WorldFileError naming what is wrong: not SQLite, another application's
 * database, a newer format, a damaged or truncated file, a row that does not fit its table or
 * breaks its table's rules (server/sim/store/consistency.ts), or a scenario this simulator does not
 * have.
 */
export function importWorld(bytes: Uint8Array, fresh: () => Sim): ImportedWorld {
  if (bytes.length < 512 || !SQLITE_MAGIC.equals(Buffer.from(bytes.buffer, bytes.byteOffset, SQLITE_MAGIC.length))) {
    throw new WorldFileError(`not a SQLite database (${bytes.length} bytes${bytes.length >= 16 ? ' without the SQLite header' : ''})`);
  }
  // A database file's size is its page count times its page size (header bytes 28 and 16); a
  // shorter one was cut off in transit.
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const pageSize = view.readUInt16BE(16) === 1 ? 65536 : view.readUInt16BE(16);
  const pages = view.readUInt32BE(28);
  if (pages > 0 && bytes.length < pages * pageSize) {
    throw new WorldFileError(`the file is truncated (${bytes.length} bytes of the ${pages * pageSize} its header announces)`);
  }
  return withTempFile((path) => {
    writeFileSync(path, bytes, { mode: 0o600 });
    const file = WorldFile.inspect(path);
    let rows: Map<string, [string, unknown][]>;
    try {
      rows = file.readAll();
    } catch (err) {
      if (err instanceof WorldFileError) throw err;
      throw new WorldFileError(`the database cannot be read (${err instanceof Error ? err.message : String(err)})`);
    } finally {
      file.close();
    }
    if (rows.get('world')?.length !== 1) throw new WorldFileError('the file holds no world (its "world" table has no row)');
    // Rows of the right types can still disagree with each other or hold what no call could make.
    const inconsistent = consistencyProblem(rows);
    if (inconsistent) throw new WorldFileError(inconsistent);
    const sim = fresh();
    loadRows(sim.db, rows);
    try {
      sim.afterLoad();
      void sim.scenario;
    } catch (err) {
      throw new WorldFileError(`the world's scenario cannot be loaded here (${err instanceof Error ? err.message : String(err)})`);
    }
    const header = rows.get(WORLD_FILE_TABLE.name)?.[0]?.[1] as { world: string; journalNextId: number } | undefined;
    const rewound: number[] = [];
    const kept = new Map<number, Change[][]>();
    const journal = (rows.get(JOURNAL_TABLE.name) ?? []).map(([key, row]) => {
      const { id, entry, changes } = row as { id: number; entry: Record<string, unknown>; changes?: Change[][] };
      if (key !== String(id) || entry.id !== id) throw new WorldFileError(`table "journal", row "${key}": the entry's id is not its key`);
      // The journal marks a rewound entry itself (once), from its list of rewound ids.
      const { id: _id, rewound: mark, ...rest } = entry;
      if (mark === true) rewound.push(id);
      if (changes) kept.set(id, checkChanges(key, changes));
      return { id, json: JSON.stringify({ id, ...rest }) };
    });
    journal.sort((a, b) => a.id - b.id);
    sim.journal.restore(journal, header?.journalNextId ?? 1, rewound);
    // Rewind reaches back over the newest entries that carry their change sets, without a gap.
    let from = sim.journal.nextEntryId;
    for (let i = journal.length - 1; i >= 0 && kept.has((journal[i] as { id: number }).id); i--) from = (journal[i] as { id: number }).id;
    restoreKeptChanges(sim, from, kept);
    return { sim, name: header?.world };
  });
}

/** A change as a file keeps it: the before-image as its table writes it (no plaintext secret). */
function onDisk(change: Change): Change {
  const def = worldTable(change.table);
  if (change.before === undefined) return { table: change.table, key: change.key, before: undefined };
  return { ...change, before: def?.toDisk ? def.toDisk(change.before as never) : change.before };
}

/** The change sets of a journal row, each row checked against its table's schema like any other row. */
function checkChanges(entryKey: string, changes: Change[][]): Change[][] {
  changes.forEach((set, i) =>
    set.forEach((change, j) => {
      const where = `table "journal", row "${entryKey}": changes/${i}/${j}`;
      const def = worldTable(change.table);
      if (!def) throw new WorldFileError(`${where}: "${change.table}" is not a table of the world`);
      if (change.before === undefined) return;
      const problem = rowProblem(def, change.before);
      if (problem) throw new WorldFileError(`${where}, a row of "${change.table}": ${problem}`);
    }),
  );
  return changes;
}
