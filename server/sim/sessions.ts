/** Session tokens: random, expiring on the simulator clock, refused after logout. */
import { randomBytes } from 'node:crypto';

export interface Session {
  token: string;
  account: string;
  createdAt: number;
  expiresAt: number;
  loginType: 'username' | 'sms' | 'freeplay' | 'register' | 'phone-reset';
}

export const SESSION_TTL_MS = 2 * 60 * 60_000;

export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly now: () => number) {}

  /** A new session; `ttlMs` (default SESSION_TTL_MS) is how long it lives on the world's clock. */
  create(account: string, loginType: Session['loginType'], ttlMs = SESSION_TTL_MS): Session {
    const now = this.now();
    const session = { token: randomBytes(24).toString('hex'), account, createdAt: now, expiresAt: now + ttlMs, loginType };
    this.sessions.set(session.token, session);
    return session;
  }

  /** The live session of a token; expired ones are dropped. */
  get(token: string | undefined): Session | null {
    if (!token) return null;
    const s = this.sessions.get(token);
    if (!s) return null;
    if (s.expiresAt <= this.now()) {
      this.sessions.delete(token);
      return null;
    }
    return s;
  }

  revoke(token: string): boolean {
    return this.sessions.delete(token);
  }

  revokeAccount(account: string): void {
    for (const [token, s] of this.sessions) if (s.account === account) this.sessions.delete(token);
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
    for (const [token, s] of this.sessions) {
      if (s.expiresAt <= now) {
        this.sessions.delete(token);
        dropped++;
      }
    }
    return dropped;
  }
}
