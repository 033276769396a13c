/**
 * Failed logins counted by the name submitted, whether or not an account has it:
 * a captcha is asked after the same number of failures for any name, so the replies to a known and
 * an unknown name cannot be told apart over any number of attempts.
 */
import { Type } from '@sinclair/typebox';
import { defineTable } from './store/schema';
import type { Sim } from './state';
import { WorldDb, type Table } from './store/table';

/** Names remembered at most; the oldest failure is forgotten first. */
export const LOGIN_FAILURE_NAMES = 10_000;

/** The login module's slice of the world schema (server/sim/store). */
export const LOGIN_FAILURES = defineTable({
  name: 'login_failures',
  owner: 'session',
  key: 'the name submitted (trimmed)',
  doc: 'Failed logins per submitted name, known or not (a captcha is asked after the same number for any name); the oldest is forgotten past 10,000 names.',
  row: Type.Object({ count: Type.Integer() }),
  rules: { nonNegative: ['count'] },
});

/** Failures per submitted name of one world, bounded by LOGIN_FAILURE_NAMES. */
export class LoginFailures {
  private readonly counts: Table<{ count: number }>;

  /** Without a world's table it keeps its own (a unit of its own, as in tests). */
  constructor(
    private readonly limit = LOGIN_FAILURE_NAMES,
    counts?: Table<{ count: number }>,
  ) {
    this.counts = counts ?? new WorldDb().table(LOGIN_FAILURES);
  }

  // The account map is keyed by the trimmed name (Sim.findAccount); failures are keyed the same way
  // so " player01" and "player01" share one count.
  private static key(name: string): string {
    return name.trim();
  }

  count(name: string): number {
    return this.counts.get(LoginFailures.key(name))?.count ?? 0;
  }

  record(name: string): void {
    const key = LoginFailures.key(name);
    const next = this.count(key) + 1;
    // Re-inserting moves the name to the newest end, so eviction drops the least recent failure.
    this.counts.delete(key);
    this.counts.put(key, { count: next });
    while (this.counts.size > this.limit) {
      const oldest = this.counts.keys().next();
      if (oldest.done) break;
      this.counts.delete(oldest.value);
    }
  }

  clear(name: string): void {
    this.counts.delete(LoginFailures.key(name));
  }

  get size(): number {
    return this.counts.size;
  }
}

/** The failure counts of a world (reset with the world, kept by snapshots). */
export const loginFailures = (sim: Sim): LoginFailures => new LoginFailures(LOGIN_FAILURE_NAMES, sim.db.table(LOGIN_FAILURES));
