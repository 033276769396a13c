/**
 * The one registration/login field-rule engine, shared by the
 * simulator (server-side checks of register, login and password calls) and the React forms, so a
 * value the form accepts is exactly a value the simulator accepts.
 *
 * Pure TypeScript: no DOM, no Node APIs and no TypeBox, so it bundles for the browser and runs under
 * Node as is.
 *
 * How a value is judged against a {@link FieldRule}:
 * - rule missing or not enabled: nothing to check;
 * - empty (or whitespace only): `not_empty` when required, otherwise accepted;
 * - otherwise valid only if its length in Unicode code points lies in [minLength, maxLength]
 *   (maxLength 0 = no upper bound) and it matches the pattern. The pattern is the server's
 *   `acceptedPattern` when that is a real regex source, any value when it is a bare '*', and the
 *   {@link PATTERNS} table entry for `patternId` when it is empty. `patternId` always picks the message.
 */
import { VERIFICATION_CODE_MAX_LENGTH } from './constants';

export { VERIFICATION_CODE_MAX_LENGTH };

/** Highest patternId the gateway defines (kinds 0 to 23). */
export const MAX_PATTERN_ID = 23;

/**
 * Server-supplied rule for one registration or login field. Its TypeBox
 * schema is in field-rule-schema.ts, kept apart so the browser bundle pulls no TypeBox; a
 * compile-time check there holds the two equal.
 */
export interface FieldRule {
  /** Form field the rule governs, named as the registration payload names it. */
  key: string;
  /** The field is shown and checked. */
  enabled: boolean;
  /** An empty value is refused with not_empty. */
  required: boolean;
  /** Regex source the whole value must match; '*' accepts any value, '' falls back to patternId's. */
  acceptedPattern: string;
  /** Pattern kind; selects the validation message (and the built-in regex). */
  patternId: number;
  /** Fewest Unicode code points. */
  minLength: number;
  /** Most Unicode code points; 0 means no limit. */
  maxLength: number;
}

/** One pattern kind: how a value is recognised and what the player is told when it is not. */
export interface FieldPattern {
  readonly id: number;
  /** Stable kebab-case name, used in tests and fixtures instead of bare numbers. */
  readonly name: string;
  /** Anchored, never global (a `g` regex keeps `lastIndex` between calls). */
  readonly regex: RegExp;
  /** i18n key of the message; the client translates it with {@link FieldError.params}. */
  readonly messageKey: string;
  /** English template; `{min}-{max}` is rewritten to fit the rule's bounds (see formatRange). */
  readonly message: string;
  /**
   * What a regex cannot say cleanly (calendar dates). Runs only with the table regex: a server
   * `acceptedPattern` may describe another format, and then it alone decides.
   */
  readonly check?: (value: string) => boolean;
}

const daysInMonth = (year: number, month: number): number => {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
};

/** The regex already fixed the digit layout; this refuses days the month does not have (02-30). */
const isCalendarDate = (year: string, month: string, day: string): boolean =>
  Number(day) <= daysInMonth(Number(year), Number(month));

const MONTH = '(0[1-9]|1[0-2])';
const DAY = '(0[1-9]|[12][0-9]|3[01])';
const YMD = new RegExp(`^([0-9]{4})-${MONTH}-${DAY}$`, 'u');
const MDY = new RegExp(`^${MONTH}-${DAY}-([0-9]{4})$`, 'u');

// Vietnamese letters (with their tone marks) on top of a-z; the `i` flag adds the capitals.
const VIET = 'a-zàáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ';

// Full-width Japanese: CJK punctuation and ideographic space, hiragana, katakana (not the
// half-width forms at U+FF61-FF9F), kanji, and the full-width ASCII variants U+FF01-FF5E.
const JA_FULL =
  '\\u3000-\\u303F\\u3040-\\u309F\\u30A0-\\u30FF\\u31F0-\\u31FF\\p{Script=Han}\\uFF01-\\uFF5E';

const pattern = (
  id: number,
  name: string,
  regex: RegExp,
  message: string,
  check?: (value: string) => boolean,
): FieldPattern => ({
  id,
  name,
  regex,
  messageKey: `pattern_${name.replaceAll('-', '_')}`,
  message,
  ...(check ? { check } : {}),
});

/**
 * The pattern kinds, indexed by patternId.
 *
 * Ids 0-16 are the gateway's documented kinds, in their documented order. Where the wording is
 * loose we read it as follows: "Chinese plus digits" (2) needs at least one Chinese character;
 * "letters plus digits" (5) needs at least one of each, unlike "alphanumeric without special
 * characters" (4); "alphanumeric with a capital" (7) needs one capital letter; English, Korean,
 * Thai and Vietnamese name kinds allow single spaces between words (never at the ends); "full name
 * with two parts" (15) is two or more words of letters in any script; the date kinds (10, 11) also
 * refuse days the month lacks.
 *
 * Ids 17-23 are not documented by the gateway; we fill them with kinds the registration fields need:
 * - 17 qq-number: digits not starting with 0 (QQ numbers; 5-12 long via the rule's bounds);
 * - 18 mobile-number: digits only, worded as a mobile number (mobileNum, whatsapp, zalo), since
 *   the dialing code travels separately;
 * - 19 alnum-lowercase: lowercase letters and digits (codes, lowercase usernames);
 * - 20 vietnamese-letters: Vietnamese (and plain Latin) letters and spaces (payee names in VN);
 * - 21 letter-first-alnum-underscore: the username variant with underscores (WeChat ids);
 * - 22 id-number: letters and digits with single inner hyphens (CNIC 12345-1234567-1, 18-digit
 *   Chinese ids ending in X);
 * - 23 account-handle: social handles (LINE, Facebook): letters, digits, '.', '_', '-', an
 *   optional leading '@'.
 */
export const PATTERNS: readonly FieldPattern[] = [
  pattern(0, 'any', /^[\s\S]*$/u, 'Must be {min}-{max} characters'),
  pattern(
    1,
    'letter-first-alnum',
    /^[A-Za-z][A-Za-z0-9]*$/u,
    'Must be {min}-{max} letters or digits, starting with a letter',
  ),
  pattern(
    2,
    'chinese-digits',
    /^[0-9]*\p{Script=Han}[\p{Script=Han}0-9]*$/u,
    'Must be {min}-{max} Chinese characters or digits, with at least one Chinese character',
  ),
  pattern(
    3,
    'email',
    // Labels end in a letter or digit and are joined by single dots; the top level is letters.
    /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/u,
    'Must be a valid email address of {min}-{max} characters',
  ),
  pattern(
    4,
    'alnum-no-special',
    /^[A-Za-z0-9]+$/u,
    'Must be {min}-{max} letters or digits, without special characters',
  ),
  pattern(
    5,
    'letters-and-digits',
    /^(?=[^A-Za-z]*[A-Za-z])(?=[^0-9]*[0-9])[A-Za-z0-9]+$/u,
    'Must be {min}-{max} characters containing both letters and digits',
  ),
  pattern(6, 'digits', /^[0-9]+$/u, 'Must be {min}-{max} digits'),
  pattern(
    7,
    'alnum-with-capital',
    /^(?=[^A-Z]*[A-Z])[A-Za-z0-9]+$/u,
    'Must be {min}-{max} letters or digits, including at least one capital letter',
  ),
  pattern(
    8,
    'english-letters-spaces',
    /^[A-Za-z]+(?: [A-Za-z]+)*$/u,
    'Must be {min}-{max} English letters and spaces',
  ),
  pattern(9, 'no-spaces', /^\S+$/u, 'Must be {min}-{max} characters without spaces'),
  pattern(
    10,
    'date-ymd',
    YMD,
    'Must be a valid date in yyyy-MM-dd format ({min}-{max} characters)',
    (value) => {
      const m = YMD.exec(value);
      return m !== null && isCalendarDate(m[1] ?? '', m[2] ?? '', m[3] ?? '');
    },
  ),
  pattern(
    11,
    'date-mdy',
    MDY,
    'Must be a valid date in MM-dd-yyyy format ({min}-{max} characters)',
    (value) => {
      const m = MDY.exec(value);
      return m !== null && isCalendarDate(m[3] ?? '', m[1] ?? '', m[2] ?? '');
    },
  ),
  pattern(
    12,
    'korean',
    /^\p{Script=Hangul}+(?: \p{Script=Hangul}+)*$/u,
    'Must be {min}-{max} Korean characters',
  ),
  pattern(
    13,
    'thai',
    /^\p{Script=Thai}+(?: \p{Script=Thai}+)*$/u,
    'Must be {min}-{max} Thai characters',
  ),
  pattern(
    14,
    'strong-password',
    // "Special" is anything visible that is not an ASCII letter or digit.
    /^(?=[^a-z]*[a-z])(?=[^A-Z]*[A-Z])(?=[^0-9]*[0-9])(?=[A-Za-z0-9]*[^A-Za-z0-9])\S+$/u,
    'Must be {min}-{max} characters with an uppercase letter, a lowercase letter, a digit and a special character',
  ),
  pattern(
    15,
    'full-name-two-parts',
    /^\p{L}[\p{L}\p{M}'’.-]*(?: \p{L}[\p{L}\p{M}'’.-]*)+$/u,
    'Must be a full name of {min}-{max} characters, with at least two parts separated by a space',
  ),
  pattern(
    16,
    'japanese-full-width',
    new RegExp(`^[${JA_FULL}]+$`, 'u'),
    'Must be {min}-{max} full-width Japanese characters',
  ),
  pattern(
    17,
    'qq-number',
    /^[1-9][0-9]*$/u,
    'Must be a QQ number of {min}-{max} digits, not starting with 0',
  ),
  pattern(18, 'mobile-number', /^[0-9]+$/u, 'Must be a valid mobile number of {min}-{max} digits'),
  pattern(19, 'alnum-lowercase', /^[a-z0-9]+$/u, 'Must be {min}-{max} lowercase letters or digits'),
  pattern(
    20,
    'vietnamese-letters',
    new RegExp(`^[${VIET}]+(?: [${VIET}]+)*$`, 'iu'),
    'Must be {min}-{max} Vietnamese letters and spaces',
  ),
  pattern(
    21,
    'letter-first-alnum-underscore',
    /^[A-Za-z][A-Za-z0-9_]*$/u,
    'Must be {min}-{max} letters, digits or underscores, starting with a letter',
  ),
  pattern(
    22,
    'id-number',
    /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/u,
    'Must be a valid ID number of {min}-{max} letters or digits (hyphens only between them)',
  ),
  pattern(
    23,
    'account-handle',
    /^@?[A-Za-z0-9][A-Za-z0-9._-]*$/u,
    'Must be an account ID of {min}-{max} letters, digits, dots, underscores or hyphens',
  ),
];

/** The table entry for a patternId; ids the table lacks fall back to 'any' rather than throwing. */
export function patternById(id: number): FieldPattern {
  // PATTERNS[0] always exists; the assertion only satisfies noUncheckedIndexedAccess.
  return PATTERNS[id] ?? (PATTERNS[0] as FieldPattern);
}

/** A refused value: a translation key with its parameters, and the English text. */
export interface FieldError {
  key: string;
  messageKey: string;
  /**
   * Values for the translation: `field` for not_empty; `min`/`max` for a range, `len` when they
   * are equal. `context` ('exact', 'atLeast', 'atMost', 'anyLength') tells which form applies
   * and is i18next's own context option, so `t(messageKey, params)` picks e.g.
   * `pattern_digits_exact` when the catalogue has it and falls back to `pattern_digits`.
   */
  params: Record<string, string | number>;
  message: string;
}

/**
 * Length as the player sees it: code points of the NFC form, so 'ก่' is 2 (base + tone mark),
 * '𠀋' is 1 (not 2 UTF-16 units), and a decomposed 'ễ' counts once like a composed one.
 */
export function codePointLength(value: string): number {
  return [...value.normalize('NFC')].length;
}

// Server sources are compiled once each; null marks one no flavour of RegExp accepts.
const serverRegexCache = new Map<string, RegExp | null>();

/**
 * The gateway's patterns are written for a full match (Java `String.matches`), so the source is
 * wrapped in ^(?:...)$; anchors already present stay harmless. The `u` flag is tried first (Unicode
 * classes, astral characters as one), then plain syntax for sources that `u` rejects (e.g. `\-`).
 */
function compileServerPattern(source: string): RegExp | null {
  const cached = serverRegexCache.get(source);
  if (cached !== undefined) return cached;
  let compiled: RegExp | null = null;
  for (const flags of ['u', '']) {
    try {
      compiled = new RegExp(`^(?:${source})$`, flags);
      break;
    } catch {
      // try the next flavour
    }
  }
  serverRegexCache.set(source, compiled);
  return compiled;
}

/** Pattern check alone (no length): '*' accepts anything, '' uses the table, else the server regex. */
function matchesPattern(rule: FieldRule, value: string): boolean {
  const source = rule.acceptedPattern;
  if (source === '*') return true;
  const entry = patternById(rule.patternId);
  if (source !== '') {
    const regex = compileServerPattern(source);
    // A source no engine can compile is a server misconfiguration: judge by the table instead of
    // refusing every value (or accepting every value) of the field.
    if (regex !== null) return regex.test(value);
  }
  return entry.regex.test(value) && (entry.check?.(value) ?? true);
}

type RangeParams = Record<string, number | string>;

/** Params and English wording of the bounds: '6-16', '6' when equal, 'at least 6', 'up to 16'. */
function formatRange(min: number, max: number): { params: RangeParams; text: string } {
  if (max === 0 && min === 0) return { params: { context: 'anyLength' }, text: 'any number of' };
  if (max === 0) return { params: { min, context: 'atLeast' }, text: `at least ${min}` };
  if (min === max) return { params: { len: min, context: 'exact' }, text: String(min) };
  if (min === 0) return { params: { max, context: 'atMost' }, text: `up to ${max}` };
  return { params: { min, max }, text: `${min}-${max}` };
}

function patternError(rule: FieldRule): FieldError {
  const entry = patternById(rule.patternId);
  const range = formatRange(rule.minLength, rule.maxLength);
  return {
    key: rule.key,
    messageKey: entry.messageKey,
    params: range.params,
    // Every template spells the range as '{min}-{max}' (a test holds them to it).
    message: entry.message.replace('{min}-{max}', range.text),
  };
}

function notEmptyError(key: string, label: string | undefined): FieldError {
  const field = label ?? key;
  return { key, messageKey: 'not_empty', params: { field }, message: `${field} cannot be empty` };
}

/**
 * Judge one value against its rule. `label` names the field in the not_empty
 * message (the caller passes the translated label; the key is used otherwise).
 */
export function validateField(
  rule: FieldRule | undefined,
  value: string,
  opts?: { label?: string },
): FieldError | null {
  if (!rule?.enabled) return null;
  // Whitespace alone is no answer: a required field still shows "cannot be empty".
  if (value.trim() === '') return rule.required ? notEmptyError(rule.key, opts?.label) : null;
  const normalized = value.normalize('NFC');
  const length = [...normalized].length; // code points, as codePointLength counts
  const withinBounds =
    length >= rule.minLength && (rule.maxLength === 0 || length <= rule.maxLength);
  // Length first: cheap, and it keeps long input away from the regex.
  if (withinBounds && matchesPattern(rule, normalized)) return null;
  return patternError(rule);
}

/**
 * The confirmation field: not_empty when blank, 'inconsistent twice' when it differs from the
 * password. `key` lets change-password reuse it for confirmNewPassword.
 */
export function validateConfirm(
  password: string,
  confirm: string,
  opts?: { key?: string; label?: string },
): FieldError | null {
  const key = opts?.key ?? 'confirmPassword';
  if (confirm.trim() === '') return notEmptyError(key, opts?.label);
  if (confirm !== password) {
    return { key, messageKey: 'inconsistent_twice', params: {}, message: 'inconsistent twice' };
  }
  return null;
}

/**
 * Keys the form requires whenever they are shown, whatever the rule's `required` says:
 * username, password and its confirmation, the SMS code and the captcha.
 */
const ALWAYS_REQUIRED: ReadonlySet<string> = new Set([
  'username',
  'password',
  'confirmPassword',
  'verificationCode',
  'captcha',
]);

/** The rule as the form applies it to `key`, after the per-field adjustments below. */
function effectiveRule(rule: FieldRule, forceRequired: boolean): FieldRule {
  const required = rule.required || forceRequired || ALWAYS_REQUIRED.has(rule.key);
  if (rule.key === 'captcha') {
    // "captcha required only": its answer is checked by the server, not by a pattern.
    return { ...rule, required, acceptedPattern: '*', minLength: 0, maxLength: 0 };
  }
  if (rule.key === 'verificationCode') {
    const cap = VERIFICATION_CODE_MAX_LENGTH;
    const maxLength = rule.maxLength === 0 ? cap : Math.min(rule.maxLength, cap);
    return { ...rule, required, maxLength };
  }
  return { ...rule, required };
}

/**
 * Judge a whole form: every enabled rule against `values[rule.key]` (missing = empty), plus the
 * confirmation equal to the password. Returns only the failing fields, keyed by field key.
 *
 * It checks exactly the enabled rules it is given, so a form mode that hides fields (registerMobile
 * without passwords) passes those rules disabled or leaves them out. `labels` name fields in
 * not_empty messages; `required` lists extra keys the mode requires (mobileNum in mobile register).
 */
export function validateForm(
  rules: readonly FieldRule[],
  values: Readonly<Record<string, string>>,
  opts?: { labels?: Readonly<Record<string, string>>; required?: readonly string[] },
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const extraRequired = new Set(opts?.required ?? []);
  const label = (key: string) => opts?.labels?.[key];
  const byKey = new Map(rules.map((rule) => [rule.key, rule]));

  for (const rule of rules) {
    // The confirmation is judged against the password below, not by a pattern of its own.
    if (!rule.enabled || rule.key === 'confirmPassword') continue;
    const error = validateField(
      effectiveRule(rule, extraRequired.has(rule.key)),
      values[rule.key] ?? '',
      { label: label(rule.key) },
    );
    if (error) errors[rule.key] = error;
  }

  // A shown password always comes with its confirmation, unless a rule explicitly hides it.
  const confirmRule = byKey.get('confirmPassword');
  if (byKey.get('password')?.enabled && confirmRule?.enabled !== false) {
    const error = validateConfirm(values.password ?? '', values.confirmPassword ?? '', {
      label: label('confirmPassword'),
    });
    if (error) errors.confirmPassword = error;
  }
  return errors;
}

/** Every field of the "Registration user" entity that a rule can govern. */
export const REGISTER_FIELD_KEYS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'referralCode',
] as const;
export type RegisterFieldKey = (typeof REGISTER_FIELD_KEYS)[number];

const rule = (
  key: RegisterFieldKey,
  enabled: boolean,
  required: boolean,
  patternId: number,
  minLength: number,
  maxLength: number,
): FieldRule => ({ key, enabled, required, acceptedPattern: '', patternId, minLength, maxLength });

/**
 * Rules used when the server sends none (and the simulator's seed). Empty `acceptedPattern`
 * everywhere, so the table regex of each patternId applies. Username, password and confirmation
 * are on and required; the mobile number is on and optional; the rest are off, with the required
 * flag and bounds they take when a brand switches them on.
 */
export const DEFAULT_REGISTER_RULES: readonly FieldRule[] = [
  rule('username', true, true, 1, 6, 16),
  // no-spaces keeps special characters allowed: refusing them would only weaken passwords.
  rule('password', true, true, 9, 6, 20),
  rule('confirmPassword', true, true, 9, 6, 20),
  rule('payeeName', false, false, 15, 3, 50),
  rule('email', false, false, 3, 6, 50),
  rule('qqNum', false, false, 17, 5, 12),
  rule('mobileNum', true, false, 18, 9, 11),
  rule('captcha', false, true, 0, 0, 0),
  rule('verificationCode', false, true, 6, 4, 6),
  rule('affiliateCode', false, false, 4, 4, 32),
  // A six-digit PIN: the equal bounds read "Must be 6 digits".
  rule('paymentPassword', false, true, 6, 6, 6),
  rule('line', false, false, 23, 4, 20),
  rule('whatsapp', false, false, 18, 9, 15),
  rule('zalo', false, false, 18, 9, 11),
  rule('facebook', false, false, 23, 5, 50),
  rule('wechat', false, false, 21, 6, 20),
  rule('idNumber', false, false, 22, 5, 20),
  rule('referralCode', false, false, 4, 4, 32),
];
