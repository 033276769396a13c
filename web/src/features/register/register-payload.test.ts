import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTER_RULES, type FieldRule } from '../../../../openapi/field-rules';
import { buildRegisterPayload, type RegisterPayloadInput } from './register-payload';
import { formRules } from './register-fields';

const page = { href: 'https://portal.example/register?referralCode=R1', hostname: 'portal.example' };

function input(over: Partial<RegisterPayloadInput> = {}): RegisterPayloadInput {
  return {
    kind: 'register',
    rules: formRules({ kind: 'register', settings: undefined, mobilePasswords: false, affiliateShown: false, referralFromUrl: false }),
    values: { username: ' newface77 ', password: ' Secret 99', confirmPassword: ' Secret 99' },
    dialingCode: '+92',
    urlAffiliate: '',
    affiliate: 'none',
    affiliateShown: false,
    page,
    ...over,
  };
}

describe('buildRegisterPayload', () => {
  it('adds registerUrl, registerMethod WEB, login true and the domain to the user fields', () => {
    const { kind, body } = buildRegisterPayload(input());
    expect(kind).toBe('register');
    expect(body).toEqual({
      username: 'newface77',
      password: ' Secret 99',
      confirmPassword: ' Secret 99',
      registerUrl: page.href,
      registerMethod: 'WEB',
      login: true,
      domain: 'portal.example',
    });
  });

  it('sends passwords exactly as typed and trims every other value', () => {
    const { body } = buildRegisterPayload(input());
    expect(body.password).toBe(' Secret 99');
    expect('username' in body && body.username).toBe('newface77');
  });

  it('sends countryDialingCode only with a mobile number, and never an empty field', () => {
    const without = buildRegisterPayload(input()).body;
    expect(without).not.toHaveProperty('countryDialingCode');
    expect(without).not.toHaveProperty('mobileNum');
    const withMobile = buildRegisterPayload(input({ values: { ...input().values, mobileNum: '03111234567' } })).body;
    expect(withMobile).toMatchObject({ mobileNum: '03111234567', countryDialingCode: '+92' });
  });

  it('leaves out fields whose rule is off, even when a value is held', () => {
    const { body } = buildRegisterPayload(input({ values: { ...input().values, email: 'a@b.co', wechat: 'w123456' } }));
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('wechat');
  });

  it('mobile registration sends the number as the account and no username', () => {
    const rules = formRules({ kind: 'registerMobile', settings: undefined, mobilePasswords: true, affiliateShown: false, referralFromUrl: false });
    const payload = buildRegisterPayload(
      input({ kind: 'registerMobile', rules, values: { username: 'ignored', mobileNum: '03111234567', password: 'Mobile123', confirmPassword: 'Mobile123' } }),
    );
    expect(payload.kind).toBe('registerMobile');
    expect(payload.body).not.toHaveProperty('username');
    expect(payload.body).toMatchObject({ mobileNum: '03111234567', countryDialingCode: '+92', password: 'Mobile123', registerMethod: 'WEB', login: true });
  });

  it("sends the affiliate link's code once it checked out, and a typed one only while the field shows", () => {
    const affiliateRule: FieldRule = { ...(DEFAULT_REGISTER_RULES.find((r) => r.key === 'affiliateCode') as FieldRule), enabled: true };
    const rules = [...input().rules.filter((r) => r.key !== 'affiliateCode'), affiliateRule];
    const ok = buildRegisterPayload(input({ rules, urlAffiliate: 'AG1001', affiliate: 'ok', values: { ...input().values, affiliateCode: 'TYPED1' } }));
    expect(ok.body.affiliateCode).toBe('AG1001');
    const typed = buildRegisterPayload(input({ rules, urlAffiliate: 'NOSUCH', affiliate: 'failed', affiliateShown: true, values: { ...input().values, affiliateCode: ' AG1001 ' } }));
    expect(typed.body.affiliateCode).toBe('AG1001');
    const hidden = buildRegisterPayload(input({ rules, affiliateShown: false, values: { ...input().values, affiliateCode: 'AG1001' } }));
    expect(hidden.body).not.toHaveProperty('affiliateCode');
  });

  it('keeps the referral code of the URL', () => {
    const rules = formRules({ kind: 'register', settings: undefined, mobilePasswords: false, affiliateShown: false, referralFromUrl: true });
    const { body } = buildRegisterPayload(input({ rules, values: { ...input().values, referralCode: 'R010001' } }));
    expect(body.referralCode).toBe('R010001');
  });

  it('bounds registerUrl and domain by the contract', () => {
    const long = { href: `https://x.example/${'a'.repeat(2000)}`, hostname: 'h'.repeat(300) };
    const { body } = buildRegisterPayload(input({ page: long }));
    expect(body.registerUrl).toHaveLength(1024);
    expect(body.domain).toHaveLength(255);
  });
});
