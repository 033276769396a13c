/**
 * Group commit of durable worlds (docs/decisions/044-group-commit.md): the change sets of the
 * requests that reach their reply in one turn of the event loop are written as one transaction, and
 * no reply leaves before the write that holds what it shows — a write's own reply, and a read's that
 * shows it. A write that fails refuses every 2xx of its group.
 */
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { SqliteWorldPersistence } from '../server/sim/persistence';
import { WorldFile } from '../server/sim/store/sqlite';
import { call, failWritesOf, login, tempDirs, testApp } from './helpers';

const stateDir = tempDirs('sim-group-');

const persistenceOf = (app: FastifyInstance) =>
  (app.worlds as unknown as { options: { persistence: SqliteWorldPersistence } }).options.persistence;

/** The ledger rows of an account in the world's database file, as another process would read them now. */
function ledgerOnDisk(dir: string, account: string): { id: number; amount: number; balanceAfter: number }[] {
  const db = new DatabaseSync(join(dir, 'worlds', 'default.sqlite'), { readOnly: true });
  try {
    return db.prepare('SELECT id, amount, balanceAfter FROM ledger WHERE account = ? ORDER BY id').all(account) as { id: number; amount: number; balanceAfter: number }[];
  } finally {
    db.close();
  }
}

const deposit = (app: FastifyInstance, token: string, amount: number) =>
  call(app, 'POST', '/wps/wallet/deposit', { token, body: { channelId: 'easypaisa', amount } });

describe('group commit under --state', () => {
  it('writes the deposits answered in one turn as fewer transactions, each on disk when it is answered', async () => {
    const dir = stateDir();
    const app = await testApp({ stateDir: dir });
    const token = await login(app);
    const stats = persistenceOf(app).stats;
    const commits = stats.commits;
    const amounts = Array.from({ length: 12 }, (_, i) => 101 + i);
    // Each reply, as it arrives, is checked against the file: its own deposit must be there.
    const seen = await Promise.all(
      amounts.map((amount) =>
        deposit(app, token, amount).then((res) => ({ res, amount, onDisk: ledgerOnDisk(dir, 'player01').map((r) => r.amount) })),
      ),
    );
    for (const { res, amount, onDisk } of seen) {
      expect(res.statusCode, res.body).toBe(200);
      expect(onDisk).toContain(amount);
    }
    expect(stats.commits - commits).toBeGreaterThan(0);
    expect(stats.commits - commits).toBeLessThan(amounts.length);
  });

  it("holds a write's reply, and a read's that shows it, until the write is on disk", async () => {
    const dir = stateDir();
    const app = await testApp({ stateDir: dir });
    const token = await login(app);
    const persistence = persistenceOf(app);
    // A first read makes what a read makes once (the points wallet): the next one changes nothing.
    await call(app, 'GET', '/wps/v2/wallets/balance', { token });
    // The turn's write is held here until the test lets it go.
    const held: (() => void)[] = [];
    persistence.schedule = (write) => held.push(write);
    const answered: string[] = [];
    const dep = deposit(app, token, 77).then((res) => {
      answered.push('deposit');
      return res;
    });
    await vi.waitFor(() => expect(held).toHaveLength(1));
    // The deposit is in memory now: a read shows it, so it waits for the same write.
    const read = call(app, 'GET', '/wps/v2/wallets/balance', { token }).then((res) => {
      answered.push('read');
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(answered).toEqual([]);
    expect(ledgerOnDisk(dir, 'player01').map((r) => r.amount)).not.toContain(77);
    for (const write of held.splice(0)) write();
    const [depRes, readRes] = await Promise.all([dep, read]);
    expect(depRes.statusCode, depRes.body).toBe(200);
    expect(readRes.statusCode, readRes.body).toBe(200);
    expect(JSON.stringify(readRes.envelope.value)).toContain(String(app.sim.ledger.balance('player01')));
    expect(ledgerOnDisk(dir, 'player01').map((r) => r.amount)).toContain(77);
    persistence.schedule = (write) => setImmediate(write);
  });

  it('undoes a refused deposit for good: the next write that succeeds does not carry it, nor does a restart', async () => {
    const dir = stateDir();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = await testApp({ stateDir: dir });
    const token = await login(app);
    const start = app.sim.ledger.balance('player01');
    expect((await deposit(app, token, 7)).statusCode).toBe(200);
    const write = WorldFile.prototype.write;
    WorldFile.prototype.write = function () {
      throw Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13 });
    };
    try {
      expect((await deposit(app, token, 100)).statusCode).toBe(503);
    } finally {
      WorldFile.prototype.write = write;
    }
    expect(app.sim.ledger.balance('player01')).toBe(start + 7);
    expect((await deposit(app, token, 9)).statusCode).toBe(200);
    expect(app.sim.ledger.balance('player01')).toBe(start + 16);
    await app.close();
    const again = await testApp({ stateDir: dir });
    expect(again.sim.ledger.balance('player01')).toBe(start + 16);
    await again.close();
  });

  it('answers 503 to every write of a group whose transaction fails, and undoes their changes in memory', async () => {
    const dir = stateDir();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = await testApp({ stateDir: dir });
    // /dev/full: every write fails from here on, as on a full disk.
    failWritesOf(app, dir);
    const token = app.sim.sessions.create('player01', 'username').token;
    const before = app.sim.ledger.balance('player01');
    const replies = await Promise.all([5, 6, 7].map((amount) => deposit(app, token, amount)));
    for (const res of replies) {
      expect(res.statusCode).toBe(503);
      expect(res.envelope).toMatchObject({ success: false, errorCode: 'sim.state.unwritable' });
    }
    expect(app.sim.ledger.balance('player01')).toBe(before);
  });
});
