/**
 * A state directory (`npm start -- --state DIR`, docs/decisions/021-world-as-data.md): a lock
 * so that one process at a time writes it, the RSA key pair shared by every world, and the worlds'
 * files (server/sim/persistence.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join, resolve } from 'node:path';
import { SqliteWorldPersistence } from './persistence';
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
  persistence: SqliteWorldPersistence;
  /** Close the worlds' files and release the lock. */
  close(): void;
}

// Directories this process holds: a second open here is refused too.
const held = new Set<string>();

/**
 * Take the directory's lock, or throw StateDirLockedError. The lock is an exclusive lock of the SQLite
 * database DIR/lock, taken in one step by the operating system and released by it when the process
 * ends, kill -9 included: two starters cannot both win, and a dead process's lock is free at once.
 * DIR/lock.pid names the holder, for the messages.
 */
function lock(dir: string, report: (line: string) => void): () => void {
  const file = join(dir, 'lock');
  const pidFile = join(dir, 'lock.pid');
  const previous = existsSync(pidFile) ? readFileSync(pidFile, 'utf8').trim() : '';
  if (held.has(dir)) throw new StateDirLockedError(file, process.pid);
  const db = new DatabaseSync(file, { timeout: 0 });
  try {
    db.exec('PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS holder (pid INTEGER); DELETE FROM holder;');
    db.prepare('INSERT INTO holder (pid) VALUES (?)').run(process.pid);
    db.exec('COMMIT');
  } catch (err) {
    db.close();
    const pid = Number(existsSync(pidFile) ? readFileSync(pidFile, 'utf8').trim() : '0');
    if (/locked|busy/i.test(err instanceof Error ? err.message : '')) throw new StateDirLockedError(file, pid);
    throw err;
  }
  const mine = `${process.pid}\n`;
  writeFileSync(pidFile, mine, { mode: 0o600 });
  const pid = Number(previous);
  // We hold the lock, so the process the pid file names has ended without releasing its file.
  if (previous && pid !== process.pid) {
    report(`State directory ${dir}: took over the stale lock of process ${previous}, which is no longer running`);
  }
  held.add(dir);
  return () => {
    held.delete(dir);
    if (existsSync(pidFile) && readFileSync(pidFile, 'utf8') === mine) unlinkSync(pidFile);
    db.close();
  };
}

/**
 * The state directory of format 1 (JSON snapshot and log files per world) is not read by this
 * simulator, which keeps worlds in SQLite (format 2): refused, naming the command that converts it
 * (server/sim/state-migrate.ts), so nothing is lost silently and nothing is rewritten unasked.
 */
function refuseOldFormat(dir: string): void {
  const worlds = join(dir, 'worlds');
  if (!existsSync(worlds)) return;
  const old = readdirSync(worlds).filter((f) => /\.(snapshot\.json|log)$/.test(f));
  if (old.length === 0) return;
  throw new Error(
    `State directory ${dir} holds worlds of format 1 (JSON snapshot and log files: ${old.slice(0, 3).join(', ')}${old.length > 3 ? ', …' : ''}); ` +
      `this simulator keeps worlds in SQLite (format 2). Convert them first (the old files are kept in ${join(dir, 'format-1')}): ` +
      `npm run sim -- state migrate ${dir} (or start fresh after moving them away: mv ${worlds} ${worlds}-format-1)`,
  );
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
  /** World databases open at once (default 64). */
  maxOpen?: number;
}

/** Open (and create) a state directory: lock, key pair and worlds' files. Throws when it is locked. */
export function openStateDir(path: string, options: OpenStateDirOptions = {}): StateDir {
  const report = options.report ?? ((line: string) => console.error(line));
  const dir = resolve(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const unlock = lock(dir, report);
  try {
    refuseOldFormat(dir);
    const rsa = loadKey(dir, report);
    const persistence = new SqliteWorldPersistence({ dir, report, maxOpen: options.maxOpen });
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
