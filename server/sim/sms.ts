/**
 * SMS verification codes with an outbox QA can read. Rules from spec sections 4, 8 and 9: one request
 * per 1000 ms per number, a 5-minute lock after too many requests, codes that expire and are used once.
 */
import { randomInt } from 'node:crypto';
import { SMS_THROTTLE_MS, TOO_MANY_REQUESTS_LOCK_MS } from '../../openapi/constants';
import { ApiError } from '../errors';

export type SmsPurpose = 'register' | 'login' | 'forgot';

export interface OutboxEntry {
  id: number;
  purpose: SmsPurpose;
  mobileNum: string;
  countryDialingCode: string;
  code: string;
  text: string;
  time: number;
  expiresAt: number;
}

export { SMS_THROTTLE_MS };
export const SMS_LOCK_MS = TOO_MANY_REQUESTS_LOCK_MS;
/** Requests per number within the window before the lock. */
export const SMS_MAX_REQUESTS = 5;
const SMS_WINDOW_MS = 10 * 60_000;

export function normaliseMobile(mobile: string): string {
  return mobile.replace(/[\s-]/g, '');
}

/**
 * Whether a number as QA types it names the number an SMS went to: national with a leading 0
 * (03001234567), bare (3001234567), or with the dialing code (+92 300 1234567, 923001234567,
 * 00923001234567), whichever of these forms the app sent (issue 17 item 12).
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
  if (!/^[0-9]{7,15}$/.test(m)) {
    throw new ApiError(400, 'invalid-phone-number', 'Valid mobile number required', { fields: [{ field, message: 'invalid' }] });
  }
  return m;
}

export class SmsService {
  readonly outbox: OutboxEntry[] = [];
  private readonly codes = new Map<string, { code: string; expiresAt: number }>();
  private readonly requests = new Map<string, number[]>();
  private readonly locks = new Map<string, number>();
  private nextId = 1;

  constructor(private readonly now: () => number) {}

  send(purpose: SmsPurpose, mobileNum: string, countryDialingCode: string, expiredMinutes: number): OutboxEntry {
    const mobile = checkMobile(mobileNum);
    const now = this.now();
    const lockedUntil = this.locks.get(mobile) ?? 0;
    if (lockedUntil > now) {
      throw new ApiError(429, 'too-many-requests', 'Too many requests, retry after 5 minutes', {
        retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000),
      });
    }
    const recent = (this.requests.get(mobile) ?? []).filter((t) => now - t < SMS_WINDOW_MS);
    const last = recent.at(-1);
    if (last !== undefined && now - last < SMS_THROTTLE_MS) {
      throw new ApiError(429, 'too-many-requests', 'Requests are limited to one per second', { retryAfterSeconds: 1 });
    }
    recent.push(now);
    this.requests.set(mobile, recent);
    if (recent.length > SMS_MAX_REQUESTS) {
      this.locks.set(mobile, now + SMS_LOCK_MS);
      this.requests.delete(mobile);
      throw new ApiError(429, 'too-many-requests', 'Too many requests, retry after 5 minutes', {
        retryAfterSeconds: SMS_LOCK_MS / 1000,
      });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = now + expiredMinutes * 60_000;
    this.codes.set(`${purpose}:${mobile}`, { code, expiresAt });
    const entry: OutboxEntry = {
      id: this.nextId++,
      purpose,
      mobileNum: mobile,
      countryDialingCode,
      code,
      text: `Your verification code is ${code}. It expires in ${expiredMinutes} minutes.`,
      time: now,
      expiresAt,
    };
    this.outbox.push(entry);
    return entry;
  }

  /** Check and consume a code; throws the spec's phone-verification error codes. */
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

  last(mobileNum?: string): OutboxEntry | undefined {
    for (let i = this.outbox.length - 1; i >= 0; i--) {
      const e = this.outbox[i];
      if (e && (!mobileNum || mobileMatches(mobileNum, e))) return e;
    }
    return undefined;
  }
}
