/**
 * Session tokens: random, expiring on the simulator clock, refused after logout. Rows live in the
 * world's `sessions` table (server/sim/store/kernel-tables.ts).
 */
import { randomHex } from './random-pool';
import { SESSIONS } from './store/kernel-tables';
import type { RowOf } from './store/schema';
import type { Table, WorldDb } from './store/table';

export type Session = RowOf<typeof SESSIONS>;

export const SESSION_TTL_MS = 2 * 60 * 60_000;

export class SessionStore {
  private readonly sessions: Table<Session>;

  constructor(
    db: WorldDb,
    private readonly now: () => number,
  ) {
    this.sessions = db.table(SESSIONS);
  }

  /** A new session; `ttlMs` (default SESSION_TTL_MS) is how long it lives on the world's clock. */
  create(account: string, loginType: Session['loginType'], ttlMs = SESSION_TTL_MS): Session {
    const now = this.now();
    const session = { token: randomHex(24), account, createdAt: now, expiresAt: now + ttlMs, loginType };
    return this.sessions.put(session.token, session);
  }

  /**
   * The live session of a token. An expired one is refused and left for the sweep, so that a read
   * changes nothing (Sim.sweep drops it as the world's clock moves).
   */
  get(token: string | undefined): Readonly<Session> | null {
    if (!token) return null;
    const s = this.sessions.get(token);
    if (!s || s.expiresAt <= this.now()) return null;
    return s;
  }

  revoke(token: string): boolean {
    return this.sessions.delete(token);
  }

  revokeAccount(account: string): void {
    for (const [token, s] of [...this.sessions]) if (s.account === account) this.sessions.delete(token);
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Sessions not yet expired on the world's clock. */
  liveCount(): number {
    const now = this.now();
    let live = 0;
    for (const s of this.sessions.values()) if (s.expiresAt > now) live++;
    return live;
  }

  /** Drop expired sessions (bounded memory: called as the world's clock moves). Returns how many. */
  sweep(): number {
    const now = this.now();
    let dropped = 0;
    for (const [token, s] of [...this.sessions]) {
      if (s.expiresAt <= now) {
        this.sessions.delete(token);
        dropped++;
      }
    }
    return dropped;
  }
}
