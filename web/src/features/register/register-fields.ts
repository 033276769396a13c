/**
 * Which registration fields show, in which order, and how each is required.
 * Everything is decided from the server's register settings (rules, captchaEnabled,
 * smsVerification), the module flags and the page URL; the rules returned here go straight into the
 * shared engine's validateForm.
 */
import type { FieldRule, RegisterFieldKey } from '../../../../openapi/field-rules';
import type { RegisterSettings } from '../../api/queries/account';
import type { IconName } from '../../ui/icons';
import { ruleOf } from '../../ui/account-form/rules';

/** register: username and password; registerMobile: mobile number, password optional. */
export type RegisterKind = 'register' | 'registerMobile';

/** The optional fields a setting switches on, in the order the form shows them. */
export const OPTIONAL_KEYS = [
  'payeeName',
  'paymentPassword',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
] as const satisfies readonly RegisterFieldKey[];
export type OptionalKey = (typeof OPTIONAL_KEYS)[number];

/** How each plain text field is typed (label and placeholder keys are `field_<key>`, `ph_<key>`). */
export const INPUTS: Record<OptionalKey | 'affiliateCode' | 'referralCode', {
  icon?: IconName;
  type?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  autoComplete?: string;
  ltr?: boolean;
}> = {
  payeeName: { icon: 'user', autoComplete: 'name' },
  paymentPassword: { icon: 'shield', type: 'password', inputMode: 'numeric', autoComplete: 'off' },
  email: { icon: 'mail', type: 'email', inputMode: 'email', autoComplete: 'email', ltr: true },
  qqNum: { inputMode: 'numeric', ltr: true },
  line: { ltr: true },
  whatsapp: { inputMode: 'tel', autoComplete: 'tel-national', ltr: true },
  zalo: { inputMode: 'tel', ltr: true },
  facebook: { icon: 'facebook', ltr: true },
  wechat: { ltr: true },
  idNumber: { ltr: true },
  affiliateCode: { icon: 'agent', autoComplete: 'off', ltr: true },
  referralCode: { icon: 'referral', autoComplete: 'off', ltr: true },
};

export interface FormContext {
  kind: RegisterKind;
  settings: RegisterSettings | undefined;
  /** MOBILENUMPASSREG3: mobile registrants choose a password. */
  mobilePasswords: boolean;
  /** The affiliate code field shows (no code in the URL, or its check failed). */
  affiliateShown: boolean;
  /** The URL carried a referral code, so its field shows prefilled. */
  referralFromUrl: boolean;
}

const on = (rule: FieldRule, enabled: boolean, required = rule.required): FieldRule => ({ ...rule, enabled, required });

/**
 * The rules of the form as shown: a field is shown exactly when its rule here is enabled, and the
 * engine requires it by `required` (username, passwords, SMS code and captcha always when shown).
 */
export function formRules(ctx: FormContext): FieldRule[] {
  const rules = ctx.settings?.rules;
  const sms = ctx.settings?.smsVerification ?? false;
  const mobileForm = ctx.kind === 'registerMobile';
  const passwords = !mobileForm || ctx.mobilePasswords;
  const mobile = ruleOf(rules, 'mobileNum');
  const mobileShown = mobileForm || mobile.enabled;
  const affiliate = ruleOf(rules, 'affiliateCode');
  const referral = ruleOf(rules, 'referralCode');
  return [
    on(ruleOf(rules, 'username'), !mobileForm, true),
    on(ruleOf(rules, 'password'), passwords, true),
    on(ruleOf(rules, 'confirmPassword'), passwords, true),
    // Mobile registration always shows the number; an SMS code needs a number to go to.
    on(mobile, mobileShown, mobileForm || mobile.required || sms),
    on(ruleOf(rules, 'verificationCode'), sms && mobileShown, true),
    ...OPTIONAL_KEYS.map((key) => ruleOf(rules, key)),
    on(affiliate, ctx.affiliateShown, affiliate.required),
    on(referral, referral.enabled || ctx.referralFromUrl, referral.required),
    on(ruleOf(rules, 'captcha'), ctx.settings?.captchaEnabled ?? false, true),
  ];
}

export function isShown(rules: readonly FieldRule[], key: string): boolean {
  return rules.some((r) => r.key === key && r.enabled);
}

export function isRequired(rules: readonly FieldRule[], key: string): boolean {
  return rules.some((r) => r.key === key && r.enabled && r.required);
}
