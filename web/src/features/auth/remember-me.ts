/**
 * Remember me: the login details kept in a cookie for one day (86400000 ms).
 *
 * Remember-me could keep username, password and SMS details. We deliberately never keep the password (or an
 * SMS code): a cookie is readable by any script on the page and travels with every request, and
 * the house rule is that a password is never written to a cookie or to storage. Only the login mode,
 * the username and the mobile number with its dialing code are kept.
 */
import { REMEMBER_ME_MS } from '../../config/constants';

const COOKIE = 'rememberLogin';

export interface RememberedLogin {
  mode: 'username' | 'sms';
  username: string;
  countryCode: string;
  dialingCode: string;
  mobileNum: string;
}

/** The remembered details, or null when none (or the cookie was tampered with). */
export function readRememberedLogin(): RememberedLogin | null {
  const raw = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<RememberedLogin>;
    const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 64) : '');
    return {
      mode: value.mode === 'sms' ? 'sms' : 'username',
      username: text(value.username),
      countryCode: text(value.countryCode),
      dialingCode: text(value.dialingCode),
      mobileNum: text(value.mobileNum),
    };
  } catch {
    return null;
  }
}

/** Keep the details for one day; the fields are listed one by one so nothing else slips in. */
export function rememberLogin(details: RememberedLogin): void {
  const { mode, username, countryCode, dialingCode, mobileNum } = details;
  const value = encodeURIComponent(JSON.stringify({ mode, username, countryCode, dialingCode, mobileNum }));
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${value}; Max-Age=${Math.round(REMEMBER_ME_MS / 1000)}; Path=/; SameSite=Lax${secure}`;
}

export function forgetLogin(): void {
  document.cookie = `${COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
