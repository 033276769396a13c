/**
 * The registration payload, built from what the form shows and what the
 * player typed. Pure: no React, no globals (the page address comes in), so it is unit-tested.
 */
import type { FieldRule } from '../../../../openapi/field-rules';
import type { RegisterMobileRequest, RegisterRequest } from './api/register';
import type { RegisterKind } from './register-fields';

/** The contract's bounds of registerUrl and domain. */
export const REGISTER_URL_MAX_LENGTH = 1024;
export const DOMAIN_MAX_LENGTH = 255;

export type AffiliateState = 'none' | 'checking' | 'ok' | 'failed';

export interface RegisterPayloadInput {
  kind: RegisterKind;
  /** The form's rules as shown (formRules): a disabled rule's field is not sent. */
  rules: readonly FieldRule[];
  /** The typed values by field key (mobileNum, captcha and verificationCode included). */
  values: Readonly<Record<string, string>>;
  /** The country-code picker's dialing code (+92). */
  dialingCode: string;
  /** The code of an affiliate link (?affiliateCode=) and how its check went. */
  urlAffiliate: string;
  affiliate: AffiliateState;
  /** The affiliate code field shows (no code in the URL, or its check failed). */
  affiliateShown: boolean;
  /** Where the player registers: registerUrl is its href, domain its hostname. */
  page: { href: string; hostname: string };
}

export type RegisterPayload =
  | { kind: 'register'; body: RegisterRequest }
  | { kind: 'registerMobile'; body: RegisterMobileRequest };

/** Passwords travel exactly as typed; every other value without surrounding spaces. */
const isSecret = (key: string) => key.toLowerCase().includes('password');

/**
 * The "Registration user" fields, plus registerUrl, registerMethod WEB, login true,
 * countryDialingCode (with a mobile number), the affiliate code (the link's once it checked out,
 * else the typed one while the field shows), the referral code and the domain. Mobile registration
 * sends no username: the account is the mobile number.
 */
export function buildRegisterPayload(input: RegisterPayloadInput): RegisterPayload {
  const { kind, rules, values } = input;
  const fields: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.enabled || rule.key === 'affiliateCode') continue;
    if (rule.key === 'username' && kind === 'registerMobile') continue;
    const raw = values[rule.key] ?? '';
    const value = isSecret(rule.key) ? raw : raw.trim();
    if (value.trim()) fields[rule.key] = value;
  }
  const typedAffiliate = (values.affiliateCode ?? '').trim();
  const affiliateCode =
    input.affiliate === 'ok' ? input.urlAffiliate : input.affiliateShown ? typedAffiliate : '';
  const mobileShown = rules.some((r) => r.key === 'mobileNum' && r.enabled);
  const mobileNum = (values.mobileNum ?? '').trim();
  const common = {
    ...fields,
    ...(affiliateCode ? { affiliateCode } : {}),
    ...(mobileNum && mobileShown ? { countryDialingCode: input.dialingCode } : {}),
    registerUrl: input.page.href.slice(0, REGISTER_URL_MAX_LENGTH),
    registerMethod: 'WEB' as const,
    login: true,
    domain: input.page.hostname.slice(0, DOMAIN_MAX_LENGTH),
  };
  if (kind === 'registerMobile') return { kind, body: { ...common, mobileNum } };
  return { kind, body: { ...common, username: (values.username ?? '').trim() } };
}
