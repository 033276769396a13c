/**
 * The account flows' catalogue: every message the shared rule engine can produce (24 patterns, each
 * range form, not_empty, inconsistent twice) and every phone-verification code has
 * an English and an Urdu text, and i18next renders them with the engine's params and context.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { PATTERNS, validateConfirm, validateField, type FieldRule } from '../../../../openapi/field-rules';
import { PhoneErrorCodes } from '../../../../openapi/verification';
import enAuth from '../../i18n/locales/en/auth.json';
import enErrors from '../../i18n/locales/en/errors.json';
import enRegister from '../../i18n/locales/en/register.json';
import urAuth from '../../i18n/locales/ur/auth.json';
import urErrors from '../../i18n/locales/ur/errors.json';
import urRegister from '../../i18n/locales/ur/register.json';

const CONTEXTS = ['', '_exact', '_atLeast', '_atMost', '_anyLength'];

async function instance(lng: 'en' | 'ur') {
  const t = i18next.createInstance();
  await t.init({
    lng,
    fallbackLng: 'en',
    keySeparator: false,
    interpolation: { escapeValue: false },
    resources: { en: { auth: enAuth, errors: enErrors }, ur: { auth: urAuth, errors: urErrors } },
  });
  return t;
}

const rule = (patternId: number, minLength: number, maxLength: number): FieldRule => ({
  key: 'field',
  enabled: true,
  required: true,
  acceptedPattern: '',
  patternId,
  minLength,
  maxLength,
});

describe('account catalogue', () => {
  it('has every pattern message in every range form, in English and Urdu', () => {
    expect(PATTERNS).toHaveLength(24);
    for (const p of PATTERNS) {
      for (const suffix of CONTEXTS) {
        const key = `${p.messageKey}${suffix}`;
        expect(enAuth, key).toHaveProperty([key]);
        expect(urAuth, key).toHaveProperty([key]);
      }
    }
    expect(enAuth.not_empty).toBe('{{field}} cannot be empty');
    expect(urAuth.not_empty).toContain('{{field}}');
    expect(enAuth.inconsistent_twice).toMatch(/inconsistent/);
  });

  it('translates every English key of auth and register into Urdu', () => {
    expect(Object.keys(urAuth).sort()).toEqual(Object.keys(enAuth).sort());
    expect(Object.keys(urRegister).sort()).toEqual(Object.keys(enRegister).sort());
    for (const [key, text] of Object.entries(urAuth)) {
      if (!key.startsWith('pattern_') && !/^\W*$/.test(text)) expect(text, key).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('has the phone-verification codes and their texts in both languages', () => {
    const keys = [
      ...PhoneErrorCodes,
      'network_error',
      'chunk_timeout',
      'invalid_url',
      'popup_blocked',
      'unknown',
      'login.not.session',
      'account_format',
      'confirm_password_incorrect',
      'agent.not.agent',
      'not_member_settlement',
      'register_first',
      'in_need_true_account',
      'in_please_information',
      'in_registered_successfully',
      'invitation_code_error',
    ];
    for (const key of keys) {
      expect(enErrors, key).toHaveProperty([key]);
      expect(urErrors, key).toHaveProperty([key]);
    }
    expect(enErrors.network_error).toBe('Network link abnormal, please try again');
    expect(enErrors['too-many-requests']).toContain('retry after 5 minutes');
    expect(enErrors['confirm_password_incorrect']).toBe('Confirmation password incorrect');
  });

  it('renders the engine errors with their params and context', async () => {
    const en = await instance('en');
    const ur = await instance('ur');
    const render = (t: typeof en, error: ReturnType<typeof validateField>) => {
      if (!error) throw new Error('expected an error');
      // The key is data from the engine's table; the app-wide typed keys cannot check it.
      return t.t(error.messageKey as 'not_empty', { ns: 'auth', ...error.params } as never) as unknown as string;
    };
    expect(render(en, validateField(rule(1, 6, 16), '1abc'))).toBe('Must be 6-16 letters or digits, starting with a letter');
    expect(render(en, validateField(rule(6, 6, 6), '12'))).toBe('Must be 6 digits');
    expect(render(en, validateField(rule(6, 4, 0), '12'))).toBe('Must be at least 4 digits');
    expect(render(en, validateField(rule(6, 0, 3), '12345'))).toBe('Must be up to 3 digits');
    expect(render(en, validateField(rule(6, 0, 0), 'ab'))).toBe('Must be any number of digits');
    expect(render(en, validateField(rule(1, 6, 16), '', { label: 'Username' }))).toBe('Username cannot be empty');
    expect(render(en, validateConfirm('a', 'b'))).toBe('The passwords entered twice are inconsistent');
    expect(render(ur, validateField(rule(6, 6, 6), '12'))).toBe('6 ہندسے ہونے چاہئیں');
    expect(render(ur, validateField(rule(1, 6, 16), '', { label: 'صارف نام' }))).toBe('صارف نام خالی نہیں ہو سکتا');
    expect(render(ur, validateField(rule(18, 9, 11), '12'))).toBe('9 سے 11 ہندسوں پر مشتمل درست موبائل نمبر ہونا چاہیے');
  });
});
