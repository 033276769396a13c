/**
 * Field rules as the account forms apply them, always through the one shared engine
 * (openapi/field-rules.ts): the server's rule for a key (GET /wps/system/setting/register), the
 * engine's default when the server sent none, and the 'required only' checks of section 5.
 */
import { DEFAULT_REGISTER_RULES, VERIFICATION_CODE_MAX_LENGTH, type FieldRule } from '../../../../openapi/field-rules';

/** The server's rule for `key`, else the engine's default rule, else a permissive one. */
export function ruleOf(rules: readonly FieldRule[] | undefined, key: string): FieldRule {
  return (
    rules?.find((r) => r.key === key) ??
    DEFAULT_REGISTER_RULES.find((r) => r.key === key) ?? {
      key,
      enabled: true,
      required: false,
      acceptedPattern: '*',
      patternId: 0,
      minLength: 0,
      maxLength: 0,
    }
  );
}

/** The rule switched on and required (a shown password, the mobile number before an SMS). */
export function required(rule: FieldRule, key = rule.key): FieldRule {
  return { ...rule, key, enabled: true, required: true };
}

/** 'Required only' (login fields, the captcha, the old password): any non-empty value. */
export function requiredOnly(key: string, maxLength = 0): FieldRule {
  return { key, enabled: true, required: true, acceptedPattern: '*', patternId: 0, minLength: 0, maxLength };
}

/**
 * The SMS code (required, its rule's pattern, at most 255 characters), judged by the
 * server's verificationCode rule when it sends one.
 */
export function smsCodeRule(rules: readonly FieldRule[] | undefined): FieldRule {
  const rule = required(ruleOf(rules, 'verificationCode'));
  const cap = VERIFICATION_CODE_MAX_LENGTH;
  return { ...rule, maxLength: rule.maxLength === 0 ? cap : Math.min(rule.maxLength, cap) };
}

/** After a failed check: move focus to the first field marked invalid, once it has rendered. */
export function focusFirstInvalid(form: HTMLElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  });
}

/** Move focus to one field by name once it has rendered (after a refused login: the password). */
export function focusField(form: HTMLElement | null, name: string): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();
  });
}
