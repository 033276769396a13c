/**
 * Rewind (docs/decisions/031-rewind-and-format-1-migration.md): each committed change set of a world
 * (the before-images of the rows a request wrote, server/sim/store/table.ts) is kept with the
 * journal entry of the call that made it, or, for a call that is not journaled (a control call), in
 * order after the newest entry. Rewinding to "before entry k" puts back, newest first, the
 * before-images of every change set kept from entry k on, through the table layer: the rewind is
 * itself one change set, so under `--state` it is one durable transaction (server/durability.ts).
 *
 * Memory is bounded: change sets older than the journal's oldest entry are dropped as the journal's
 * ring moves on, and at most MAX_KEPT_ROWS before-images are kept per world (the oldest go first;
 * the entries they belonged to are then out of reach).
 */
import type { Journal, UnrenderedEntry } from './journal';
import type { Sim } from './state';
import type { Change } from './store/table';

/** Before-images kept per world, whatever the journal's size. */
export const MAX_KEPT_ROWS = 200_000;

interface Segment {
  /** The journaled call that made the change set, until the journal gives it its id. */
  entry: UnrenderedEntry | null;
  /**
   * Where the change set sits among the journal's ids: the entry's id for a journaled call; for
   * any other call, the newest id at its commit plus one half (it came after that entry).
   */
  pos: number;
  changes: Change[];
}

class RewindLog {
  readonly segments: Segment[] = [];
  rows = 0;
  /** The oldest entry id whose change sets are all kept. */
  floor: number;
  /** The next commit is a rewind's own: it is not history to rewind again. */
  skipNext = false;

  constructor(journal: Journal) {
    this.floor = journal.nextEntryId;
  }

  /** Give segments of journaled calls the ids the journal has given their entries since. */
  settle(journal: Journal): void {
    for (let i = this.segments.length - 1; i >= 0; i--) {
      const s = this.segments[i] as Segment;
      if (!s.entry) break;
      if (s.entry.id > 0) s.pos = s.entry.id;
      else s.pos = journal.nextEntryId - 0.5; // never journaled (the journal is off, the call was dropped)
      s.entry = null;
    }
  }

  /** Drop what no entry left in the journal can need, and the oldest beyond the row budget. */
  prune(journal: Journal): void {
    const oldest = journal.oldestEntryId ?? journal.nextEntryId;
    let drop = 0;
    while (drop < this.segments.length) {
      const s = this.segments[drop] as Segment;
      if (s.entry || s.pos >= oldest) break;
      this.rows -= s.changes.length;
      drop++;
    }
    while (this.rows > MAX_KEPT_ROWS && drop < this.segments.length) {
      const s = this.segments[drop] as Segment;
      this.rows -= s.changes.length;
      this.floor = Math.max(this.floor, Math.floor(s.pos) + 1);
      drop++;
    }
    // Usually one segment leaves per call: shift() takes it off the front in constant time (V8 moves
    // the array's start), where splice(0, 1) copied the whole array, about 1,000 segments, per write.
    if (drop > 16) this.segments.splice(0, drop);
    else for (let i = 0; i < drop; i++) this.segments.shift();
  }
}

const logs = new WeakMap<Sim, RewindLog>();

function logOf(sim: Sim): RewindLog {
  let log = logs.get(sim);
  if (!log) {
    log = new RewindLog(sim.journal);
    logs.set(sim, log);
  }
  return log;
}

/**
 * After a commit (server/durability.ts): empty the world's change set, keeping its before-images
 * with `entry`, the journal record of the call being answered (null for a call not journaled).
 */
export function keepChanges(sim: Sim, entry: UnrenderedEntry | null | undefined): void {
  if (!sim.journal.enabled) {
    sim.db.changes.clear();
    return;
  }
  const changes = sim.db.changes.take();
  const log = logOf(sim);
  if (log.skipNext) {
    log.skipNext = false;
    return;
  }
  log.settle(sim.journal);
  const pos = entry ? 0 : sim.journal.nextEntryId - 0.5;
  log.segments.push({ entry: entry ?? null, pos, changes });
  log.rows += changes.length;
  log.prune(sim.journal);
}

/** Why `before` cannot be rewound to, or null when it can. */
export function rewindProblem(sim: Sim, before: number): string | null {
  const journal = sim.journal;
  const oldest = journal.oldestEntryId;
  if (oldest === undefined || before < oldest || before >= journal.nextEntryId) {
    if (before >= journal.nextEntryId) return `No journal entry ${before}: the newest is ${journal.nextEntryId - 1}`;
    return `Journal entry ${before} is no longer in the journal (the oldest kept is ${oldest ?? 'none: it is empty'})`;
  }
  if (journal.isRewound(before)) return `Journal entry ${before} was already rewound`;
  const log = logOf(sim);
  log.settle(journal);
  if (before < log.floor) return `Journal entry ${before} is out of reach: its changes are no longer kept (rewind reaches back to entry ${log.floor})`;
  return null;
}

/**
 * Put the world back as it was just before journal entry `before`: the kept before-images, newest
 * change set first, through the table layer (the rewind is one change set, committed as one). Entries
 * from `before` on are marked rewound. Returns how many rows were put back and which entries.
 */
export function rewind(sim: Sim, before: number): { rows: number; rewound: number[] } {
  const problem = rewindProblem(sim, before);
  if (problem) throw new RangeError(problem);
  const log = logOf(sim);
  const journal = sim.journal;
  let from = log.segments.length;
  while (from > 0 && (log.segments[from - 1] as Segment).pos >= before) from--;
  const undone = log.segments.splice(from);
  let rows = 0;
  for (let i = undone.length - 1; i >= 0; i--) {
    const segment = undone[i] as Segment;
    log.rows -= segment.changes.length;
    // Within one change set each row appears once; its first-changed order puts rows a reset
    // deleted back in their old order.
    for (const { table, key, before: image } of segment.changes) {
      const t = sim.db.byName(table);
      if (!t) continue;
      if (image === undefined) t.delete(key);
      else t.put(key, structuredClone(image));
      rows++;
    }
  }
  sim.afterLoad();
  const newest = journal.nextEntryId - 1;
  const rewound: number[] = [];
  for (let id = before; id <= newest; id++) rewound.push(id);
  journal.markRewound(before, newest);
  // The rewind's own change set (what it just put back) is committed with its reply but is not kept.
  log.skipNext = sim.db.changes.size > 0;
  return { rows, rewound };
}

/**
 * The change sets kept for rewind, by the journal entry they follow (an export, ADR 036): for each
 * entry from `from` on, the change set of its call and those of the calls not journaled after it
 * (control calls), oldest first; an entry whose call changed nothing has an empty list. Entries
 * before `from` are out of reach. Within an entry the change sets are undone together, so which of
 * them was the entry's own is not kept.
 */
export function keptChanges(sim: Sim): { from: number; byEntry: Map<number, Change[][]> } {
  const journal = sim.journal;
  const byEntry = new Map<number, Change[][]>();
  const log = logs.get(sim);
  if (!journal.enabled || !log) return { from: journal.nextEntryId, byEntry };
  log.settle(journal);
  log.prune(journal);
  const from = Math.max(log.floor, journal.oldestEntryId ?? journal.nextEntryId);
  for (let id = from; id < journal.nextEntryId; id++) byEntry.set(id, []);
  for (const segment of log.segments) byEntry.get(Math.floor(segment.pos))?.push(segment.changes);
  return { from, byEntry };
}

/**
 * Keep change sets read from a world file (an import): the journal already holds its entries;
 * entries from `from` on can be rewound with these change sets, as in the world exported.
 */
export function restoreKeptChanges(sim: Sim, from: number, byEntry: ReadonlyMap<number, readonly Change[][]>): void {
  const journal = sim.journal;
  if (!journal.enabled) return;
  const log = new RewindLog(journal);
  log.floor = Math.min(Math.max(from, 1), journal.nextEntryId);
  for (const id of [...byEntry.keys()].sort((a, b) => a - b)) {
    if (id < log.floor) continue;
    for (const changes of byEntry.get(id) ?? []) {
      log.segments.push({ entry: null, pos: id, changes: [...changes] });
      log.rows += changes.length;
    }
  }
  log.prune(journal);
  logs.set(sim, log);
}
