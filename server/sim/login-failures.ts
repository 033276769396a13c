/**
 * Failed logins counted by the name submitted, whether or not an account has it (issue 12 item 6):
 * a captcha is asked after the same number of failures for any name, so the replies to a known and
 * an unknown name cannot be told apart over any number of attempts.
 */
import { perLoad } from './registry';

/** Names remembered at most; the oldest failure is forgotten first. */
export const LOGIN_FAILURE_NAMES = 10_000;

/** Failures per submitted name of one load of the simulator, bounded by LOGIN_FAILURE_NAMES. */
export class LoginFailures {
  private readonly counts = new Map<string, number>();

  constructor(private readonly limit = LOGIN_FAILURE_NAMES) {}

  // The account map is keyed by the trimmed name (Sim.findAccount); failures are keyed the same way
  // so " player01" and "player01" share one count.
  private static key(name: string): string {
    return name.trim();
  }

  count(name: string): number {
    return this.counts.get(LoginFailures.key(name)) ?? 0;
  }

  record(name: string): void {
    const key = LoginFailures.key(name);
    const next = this.count(key) + 1;
    // Re-inserting moves the name to the newest end, so eviction drops the least recent failure.
    this.counts.delete(key);
    this.counts.set(key, next);
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

/** The failure counts of a simulator's current load (reset with the world, kept by snapshots). */
export const loginFailures = perLoad('login-failures', () => new LoginFailures());
