/**
 * A state directory (`npm start -- --state DIR`, docs/decisions/010-durable-worlds.md): a lock file
 * so that one process at a time writes it, the RSA key pair shared by every world, and the worlds'
 * files (server/sim/persistence.ts).
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FileWorldPersistence } from './persistence';
import { RsaKeyHolder } from './rsa';

/** The second process on a directory: refused, saying which process holds it. */
export class StateDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(`State directory ${resolve(lockFile, '..')} is in use by process ${pid} (lock file ${lockFile}); stop that process or choose another --state directory`);
  }
}

export interface StateDir {
  dir: string;
  rsa: RsaKeyHolder;
  persistence: FileWorldPersistence;
  /** Close the worlds' files and release the lock. */
  close(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Directories this process holds: a second open here is refused too (the lock file names our pid,
// which on its own reads as a stale lock of an earlier process that had the same pid).
const held = new Set<string>();

/** Take the directory's lock, or throw StateDirLockedError; a dead process's lock is taken over. */
function lock(dir: string, report: (line: string) => void): () => void {
  const file = join(dir, 'lock');
  const mine = `${process.pid}\n`;
  if (held.has(dir)) throw new StateDirLockedError(file, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, mine);
      closeSync(fd);
      held.add(dir);
      return () => {
        held.delete(dir);
        // Only our own lock is removed (a takeover by another process must stand).
        if (existsSync(file) && readFileSync(file, 'utf8') === mine) unlinkSync(file);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const text = readFileSync(file, 'utf8').trim();
    const pid = Number(text);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw new StateDirLockedError(file, pid);
    // A stale lock (the process died, kill -9 included): move it aside atomically and try again, so
    // two processes taking over at once cannot both win.
    const stale = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, stale);
      unlinkSync(stale);
      report(`State directory ${dir}: took over the stale lock of process ${text || '(empty lock file)'}, which is no longer running`);
    } catch {
      // Someone else moved it first; the next attempt sees their lock.
    }
  }
  throw new Error(`State directory ${dir}: could not take the lock ${file}`);
}

/** The process's key pair from DIR/rsa-key.pem, made and written there (mode 0600) on first use. */
function loadKey(dir: string, report: (line: string) => void): RsaKeyHolder {
  const file = join(dir, 'rsa-key.pem');
  if (existsSync(file)) {
    try {
      return new RsaKeyHolder(readFileSync(file, 'utf8'));
    } catch (err) {
      const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(file, aside);
      report(`State file ${file} (the RSA key) is unreadable (${err instanceof Error ? err.message : String(err)}); moved to ${aside}; using a new key`);
    }
  }
  const rsa = new RsaKeyHolder();
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, rsa.toPem(), { mode: 0o600 });
  renameSync(tmp, file);
  return rsa;
}

export interface OpenStateDirOptions {
  /** Where problems are reported (default stderr). */
  report?: (line: string) => void;
  compactBytes?: number;
}

/** Open (and create) a state directory: lock, key pair and worlds' files. Throws when it is locked. */
export function openStateDir(path: string, options: OpenStateDirOptions = {}): StateDir {
  const report = options.report ?? ((line: string) => console.error(line));
  const dir = resolve(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const unlock = lock(dir, report);
  try {
    const rsa = loadKey(dir, report);
    const persistence = new FileWorldPersistence({ dir, report, compactBytes: options.compactBytes });
    return {
      dir,
      rsa,
      persistence,
      close: () => {
        persistence.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
