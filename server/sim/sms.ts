/**
 * SMS verification codes with an outbox QA can read. The rules: one request
 * per 1000 ms per number, a 5-minute lock after too many requests, codes that expire and are used once.
 */
import { randomInt } from 'node:crypto';
import { MOBILE_DIGITS_MAX, MOBILE_DIGITS_MIN, SMS_THROTTLE_MS, TOO_MANY_REQUESTS_LOCK_MS } from '../../openapi/constants';
import { ApiError } from '../errors';
import { SMS_CODES, SMS_COUNTERS, SMS_LOCKS, SMS_OUTBOX, SMS_THROTTLES } from './store/kernel-tables';
import type { RowOf } from './store/schema';
import { Record1, type Table, type WorldDb } from './store/table';

export type SmsPurpose = 'register' | 'login' | 'forgot';

export type OutboxEntry = RowOf<typeof SMS_OUTBOX>;

export { SMS_THROTTLE_MS };
export const SMS_LOCK_MS = TOO_MANY_REQUESTS_LOCK_MS;
/** Requests per number within the window before the lock. */
export const SMS_MAX_REQUESTS = 5;
const SMS_WINDOW_MS = 10 * 60_000;
/** Messages the outbox keeps per world (the newest); older ones are dropped and counted. */
export const SMS_OUTBOX_KEEP = 200;
/**
 * How long an expired code is remembered, so that entering it still answers `code-expired` rather
 * than `invalid-verification-code`; after that the sweep forgets it.
 */
export const SMS_EXPIRED_CODE_KEPT_MS = 60 * 60_000;

export function normaliseMobile(mobile: string): string {
  return mobile.replace(/[\s-]/g, '');
}

/**
 * Whether a number as QA types it names the number an SMS went to: national with a leading 0
 * (03001234567), bare (3001234567), or with the dialing code (+92 300 1234567, 923001234567,
 * 00923001234567), whichever of these forms the app sent.
 */
export function mobileMatches(query: string, entry: Pick<OutboxEntry, 'mobileNum' | 'countryDialingCode'>): boolean {
  const national = (s: string) => s.replace(/\D/g, '').replace(/^0+/, '');
  const dial = entry.countryDialingCode.replace(/\D/g, '');
  let sent = national(entry.mobileNum);
  if (dial && sent.startsWith(dial) && sent.length - dial.length >= 7) sent = sent.slice(dial.length);
  const typed = national(query);
  if (!typed) return false;
  return typed === sent || (dial !== '' && typed === dial + sent);
}

/** `field` names the body field in the error (the register SMS call sends it as mobileNo). */
export function checkMobile(mobile: string | undefined, field = 'body/mobileNum'): string {
  const m = normaliseMobile(mobile ?? '');
  if (!m) throw new ApiError(400, 'missing-phone-number', 'Mobile number is required', { fields: [{ field, message: 'missing' }] });
  if (!/^[0-9]+$/.test(m) || m.length < MOBILE_DIGITS_MIN || m.length > MOBILE_DIGITS_MAX) {
    throw new ApiError(400, 'invalid-phone-number', 'Valid mobile number required', { fields: [{ field, message: 'invalid' }] });
  }
  return m;
}

/** Rows live in the world's sms_* tables (server/sim/store/kernel-tables.ts). */
export class SmsService {
  private readonly outboxRows: Table<OutboxEntry>;
  private readonly codes: Table<RowOf<typeof SMS_CODES>>;
  private readonly requests: Table<RowOf<typeof SMS_THROTTLES>>;
  private readonly locks: Table<RowOf<typeof SMS_LOCKS>>;
  private readonly counters: Record1<RowOf<typeof SMS_COUNTERS>>;

  constructor(
    db: WorldDb,
    private readonly now: () => number,
  ) {
    this.outboxRows = db.table(SMS_OUTBOX);
    this.codes = db.table(SMS_CODES);
    this.requests = db.table(SMS_THROTTLES);
    this.locks = db.table(SMS_LOCKS);
    this.counters = new Record1(db.table(SMS_COUNTERS));
  }

  /** The messages kept, oldest first. */
  get outbox(): readonly OutboxEntry[] {
    return [...this.outboxRows.values()];
  }

  /** Messages dropped from the outbox past SMS_OUTBOX_KEEP since the world was (re)loaded. */
  get dropped(): number {
    return this.counters.get()?.dropped ?? 0;
  }

  private counter(): RowOf<typeof SMS_COUNTERS> {
    return this.counters.update() ?? this.counters.put({ nextId: 1, dropped: 0 });
  }

  send(purpose: SmsPurpose, mobileNum: string, countryDialingCode: string, expiredMinutes: number): OutboxEntry {
    const mobile = checkMobile(mobileNum);
    const now = this.now();
    const lockedUntil = this.locks.get(mobile)?.until ?? 0;
    if (lockedUntil > now) {
      throw new ApiError(429, 'too-many-requests', 'Too many requests, retry after 5 minutes', {
        retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000),
      });
    }
    const recent = (this.requests.get(mobile)?.times ?? []).filter((t) => now - t < SMS_WINDOW_MS);
    const last = recent.at(-1);
    if (last !== undefined && now - last < SMS_THROTTLE_MS) {
      throw new ApiError(429, 'too-many-requests', 'Requests are limited to one per second', { retryAfterSeconds: 1 });
    }
    recent.push(now);
    this.requests.put(mobile, { times: recent });
    if (recent.length > SMS_MAX_REQUESTS) {
      this.locks.put(mobile, { until: now + SMS_LOCK_MS });
      this.requests.delete(mobile);
      throw new ApiError(429, 'too-many-requests', 'Too many requests, retry after 5 minutes', {
        retryAfterSeconds: SMS_LOCK_MS / 1000,
      });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = now + expiredMinutes * 60_000;
    this.codes.put(`${purpose}:${mobile}`, { code, expiresAt });
    const entry: OutboxEntry = {
      id: this.counter().nextId++,
      purpose,
      mobileNum: mobile,
      countryDialingCode,
      code,
      text: `Your verification code is ${code}. It expires in ${expiredMinutes} minutes.`,
      time: now,
      expiresAt,
    };
    this.outboxRows.put(String(entry.id), entry);
    while (this.outboxRows.size > SMS_OUTBOX_KEEP) {
      this.outboxRows.delete(this.outboxRows.keys().next().value as string);
      this.counter().dropped++;
    }
    return entry;
  }

  /** Check and consume a code; throws the registered phone-verification error codes. */
  verify(purpose: SmsPurpose, mobileNum: string, code: string | undefined): void {
    const mobile = normaliseMobile(mobileNum);
    if (!code) throw new ApiError(400, 'missing-verification-code', 'Valid verification code required');
    const stored = this.codes.get(`${purpose}:${mobile}`);
    if (!stored || stored.code !== code.trim()) {
      throw new ApiError(400, 'invalid-verification-code', 'Valid verification code required');
    }
    if (stored.expiresAt <= this.now()) {
      this.codes.delete(`${purpose}:${mobile}`);
      throw new ApiError(400, 'code-expired', 'The code has expired, please resend');
    }
    this.codes.delete(`${purpose}:${mobile}`);
  }

  /**
   * Drop what has expired on the world's clock (bounded memory, Sim.sweep): codes an hour past their
   * expiry, request times outside the throttle window, and ended locks. Returns how many records went.
   */
  sweep(): number {
    const now = this.now();
    let dropped = 0;
    for (const [key, c] of [...this.codes]) {
      if (c.expiresAt + SMS_EXPIRED_CODE_KEPT_MS <= now) {
        this.codes.delete(key);
        dropped++;
      }
    }
    for (const [mobile, { times }] of [...this.requests]) {
      const recent = times.filter((t) => now - t < SMS_WINDOW_MS);
      if (recent.length === 0) {
        this.requests.delete(mobile);
        dropped++;
      } else if (recent.length < times.length) this.requests.put(mobile, { times: recent });
    }
    for (const [mobile, { until }] of [...this.locks]) {
      if (until <= now) {
        this.locks.delete(mobile);
        dropped++;
      }
    }
    return dropped;
  }

  /** Live records besides the outbox (codes, throttle windows, locks), for tests and the benchmarks. */
  get records(): { codes: number; throttles: number; locks: number } {
    return { codes: this.codes.size, throttles: this.requests.size, locks: this.locks.size };
  }

  last(mobileNum?: string): OutboxEntry | undefined {
    const outbox = this.outbox;
    for (let i = outbox.length - 1; i >= 0; i--) {
      const e = outbox[i];
      if (e && (!mobileNum || mobileMatches(mobileNum, e))) return e;
    }
    return undefined;
  }
}
