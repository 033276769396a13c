/**
 * WAL checkpoints off the request path (docs/decisions/042-durable-commit-cost.md). A commit appends
 * its pages to the world's WAL and is durable there (synchronous=NORMAL: it survives a crash of the
 * process); a checkpoint later copies the WAL's pages into the database file and syncs both files to
 * disk. Left to SQLite's automatic checkpoint, that copy and its two fsyncs run inside the commit of
 * whichever request filled the WAL past its threshold, blocking the event loop for milliseconds.
 * Here a worker thread with its own connection to the world's database runs a PASSIVE checkpoint (it
 * never blocks nor waits for the writer) every `every` commits; the writer keeps a large automatic
 * threshold as a bound should the worker fall behind. The WAL starts over from its beginning only
 * when a write finds it wholly copied: under a steady stream of commits that is the writer's own
 * checkpoint at its threshold (10,000 pages, most of them already copied by the worker), so a busy
 * world's WAL grows to about 40 MB between two of them.
 *
 * A world's file may be closed, moved aside or deleted by the main thread: `forget` closes the
 * worker's connection to it first and waits for that, so the worker never holds a file that is being
 * replaced (closing the last connection to a database deletes its WAL by name).
 */
import { Worker } from 'node:worker_threads';

/**
 * The worker: one connection per database path (opened on its first checkpoint), a PASSIVE
 * checkpoint per request, a close per `forget`, answered through the shared word (1 = done).
 * Plain JavaScript run with `eval`, so it needs no loader.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const open = new Map();
const MAX_OPEN = 64;
parentPort.on('message', (m) => {
  if (m.type === 'checkpoint') {
    let db = open.get(m.path);
    try {
      if (!db) {
        db = new DatabaseSync(m.path);
        open.set(m.path, db);
        while (open.size > MAX_OPEN) {
          const [oldest, handle] = open.entries().next().value;
          handle.close();
          open.delete(oldest);
        }
      }
      // all(): the statement runs to its end, so no read transaction stays open (it would keep the writer from starting the WAL over).
      const [r] = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').all();
      parentPort.postMessage({ path: m.path, frames: r.log, copied: r.checkpointed });
    } catch {
      // A database being replaced or gone: the writer's own automatic checkpoint remains.
      try { db?.close(); } catch {}
      open.delete(m.path);
    }
  } else if (m.type === 'forget') {
    const paths = m.path === null ? [...open.keys()] : [m.path];
    for (const path of paths) {
      try { open.get(path)?.close(); } catch {}
      open.delete(path);
    }
    Atomics.store(m.done, 0, 1);
    Atomics.notify(m.done, 0);
  }
});
`;

/** Commits between two checkpoints of a world by default (a deposit writes about 4 pages). */
export const DEFAULT_CHECKPOINT_EVERY = 250;
/** How long `forget` waits for the worker at most (a checkpoint in progress finishes first). */
const FORGET_TIMEOUT_MS = 10_000;

export class Checkpointer {
  private worker: Worker | undefined;
  private readonly commits = new Map<string, number>();
  /** Checkpoints asked of the worker, and done by it, since the start (tests, benchmarks). */
  readonly stats = { requested: 0, done: 0, framesCopied: 0 };
  /** The newest checkpoint's result: WAL frames, and how many of them it copied into the database. */
  last: { path: string; frames: number; copied: number } | undefined;

  constructor(private readonly every = DEFAULT_CHECKPOINT_EVERY) {}

  /** A commit to the database at `path` was written: every `every`th asks the worker for a checkpoint. */
  committed(path: string): void {
    const n = (this.commits.get(path) ?? 0) + 1;
    if (n < this.every) {
      this.commits.set(path, n);
      return;
    }
    this.commits.set(path, 0);
    this.stats.requested++;
    this.start().postMessage({ type: 'checkpoint', path });
  }

  /** Close the worker's connection to `path` (every path: null) and wait until it is closed. */
  forget(path: string | null): void {
    if (path === null) this.commits.clear();
    else this.commits.delete(path);
    if (!this.worker) return;
    const done = new Int32Array(new SharedArrayBuffer(4));
    this.worker.postMessage({ type: 'forget', path, done });
    Atomics.wait(done, 0, 0, FORGET_TIMEOUT_MS);
  }

  /** Close every connection of the worker and end it. */
  close(): void {
    if (!this.worker) return;
    this.forget(null);
    void this.worker.terminate();
    this.worker = undefined;
  }

  private start(): Worker {
    if (!this.worker) {
      // No loader flags (tsx, --cpu-prof) for a plain script.
      this.worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] });
      // The process does not wait for it; close() ends it.
      this.worker.unref();
      const worker = this.worker;
      // A worker that failed or ended leaves checkpoints to SQLite's automatic one in the writer.
      const gone = () => {
        if (this.worker === worker) this.worker = undefined;
      };
      worker.on('error', gone);
      worker.on('message', (m: { path: string; frames: number; copied: number }) => {
        this.stats.done++;
        this.stats.framesCopied += m.copied;
        this.last = m;
      });
      worker.on('exit', gone);
    }
    return this.worker;
  }
}
