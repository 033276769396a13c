/**
 * WAL checkpoints in a worker thread (docs/decisions/042-durable-commit-cost.md): commits keep one
 * transaction each before their reply; the worker copies the WAL into the database file every N
 * commits; a world's file deleted, or moved aside, is first let go by the worker, so a new file of
 * the same name keeps every write.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteWorldPersistence } from '../server/sim/persistence';
import { Sim } from '../server/sim/state';
import { WAL_AUTOCHECKPOINT_PAGES } from '../server/sim/store/sqlite';

const dirs: string[] = [];
function stateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sim-checkpoint-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function until(what: string, done: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Deposit into one account of the world and commit, `n` times: one transaction each. */
function deposits(persistence: SqliteWorldPersistence, name: string, sim: Sim, account: string, n: number): void {
  for (let i = 0; i < n; i++) {
    sim.ledger.post(account, 'deposit', 1, 'checkpoint test', sim.clock.now());
    persistence.commit(name, sim);
    sim.db.changes.clear();
  }
}

function newWorld(account: string): Sim {
  const sim = new Sim();
  sim.createAccount({ account, password: 'Checkpoint#Pass1' });
  return sim;
}

describe('WAL checkpoints in a worker', () => {
  it('copies the WAL into the database every N commits, while the writer keeps its own threshold far above', async () => {
    const dir = stateDir();
    const persistence = new SqliteWorldPersistence({ dir, checkpointEvery: 10 });
    const sim = newWorld('ckpt01');
    persistence.commit('default', sim);
    sim.db.changes.clear();
    deposits(persistence, 'default', sim, 'ckpt01', 40);
    expect(persistence.checkpointer.stats.requested).toBe(4);
    await until('the worker', () => persistence.checkpointer.stats.done === 4);
    // PASSIVE and nothing else reading: every frame of the WAL was copied.
    expect(persistence.checkpointer.last?.frames).toBeGreaterThan(0);
    expect(persistence.checkpointer.last?.copied).toBe(persistence.checkpointer.last?.frames);
    // The database file itself holds what the WAL held at that checkpoint: the writer's own threshold
    // is far above, so only the worker copied it.
    expect(WAL_AUTOCHECKPOINT_PAGES).toBeGreaterThan(persistence.checkpointer.last?.frames ?? Infinity);
    const copy = join(dir, 'copy.sqlite');
    copyFileSync(persistence.file('default'), copy);
    const db = new DatabaseSync(copy, { readOnly: true });
    const posted = (db.prepare("SELECT count(*) AS n FROM ledger WHERE account = 'ckpt01'").get() as { n: number }).n;
    db.close();
    expect(posted).toBeGreaterThanOrEqual(30);
    persistence.close();
    const back = new SqliteWorldPersistence({ dir }).load('default', () => new Sim());
    expect(back?.ledger.balance('ckpt01')).toBe(40);
  });

  it('lets go of a deleted world first: a new world of the same name keeps every commit', async () => {
    const dir = stateDir();
    const persistence = new SqliteWorldPersistence({ dir, checkpointEvery: 5 });
    const old = newWorld('gone01');
    persistence.commit('w1', old);
    old.db.changes.clear();
    deposits(persistence, 'w1', old, 'gone01', 20);
    await until('the worker', () => persistence.checkpointer.stats.done === 4);
    persistence.remove('w1', old);
    expect(existsSync(persistence.file('w1'))).toBe(false);

    // The same name again: fewer commits than a checkpoint needs, so they live in the WAL only.
    const fresh = newWorld('new01');
    persistence.commit('w1', fresh);
    fresh.db.changes.clear();
    deposits(persistence, 'w1', fresh, 'new01', 3);
    expect(statSync(`${persistence.file('w1')}-wal`).size).toBeGreaterThan(0);
    // Deposits into the old world still in flight are never written.
    deposits(persistence, 'w1', old, 'gone01', 2);
    // The worker ends (its connections closed) while the writer still runs; then the process dies
    // (kill -9): what is on disk now is what a restart finds.
    persistence.checkpointer.close();
    const crashed = join(stateDir(), 'worlds');
    mkdirSync(crashed, { recursive: true });
    for (const suffix of ['', '-wal']) {
      const from = `${persistence.file('w1')}${suffix}`;
      if (existsSync(from)) copyFileSync(from, join(crashed, `w1.sqlite${suffix}`));
    }
    persistence.close();

    const back = new SqliteWorldPersistence({ dir: join(crashed, '..') }).load('w1', () => new Sim());
    expect(back?.findAccount('new01')).toBeDefined();
    expect(back?.ledger.balance('new01')).toBe(3);
    expect(back?.findAccount('gone01')).toBeUndefined();
  });

  it('keeps commits to many worlds apart, each checkpointed on its own count', async () => {
    const dir = stateDir();
    const persistence = new SqliteWorldPersistence({ dir, checkpointEvery: 4, maxOpen: 2 });
    const worlds = ['a1', 'b2', 'c3'].map((name) => ({ name, sim: newWorld(`acct_${name}`) }));
    for (const { name, sim } of worlds) {
      persistence.commit(name, sim);
      sim.db.changes.clear();
    }
    for (let round = 0; round < 4; round++) for (const { name, sim } of worlds) deposits(persistence, name, sim, `acct_${name}`, 2);
    // 1 + 8 commits each: two checkpoints per world.
    expect(persistence.checkpointer.stats.requested).toBe(6);
    await until('the worker', () => persistence.checkpointer.stats.done === 6);
    persistence.close();
    const reopened = new SqliteWorldPersistence({ dir });
    for (const { name } of worlds) expect(reopened.load(name, () => new Sim())?.ledger.balance(`acct_${name}`)).toBe(8);
    reopened.close();
  });
});
