/**
 * Field-rule messages in the agent's language. The rule engine is the contract's own
 * (openapi/field-rules.ts, shared with the simulator); its message keys are translated here with the
 * range worded per context (min-max, exact, at least, up to, any length).
 */
import type { TFunction } from 'i18next';
import { patternById, type FieldError, type FieldRule } from '../../../../openapi/field-rules';

type T = TFunction<'agentCentre'>;

function rangeText(t: T, params: FieldError['params']): string {
  switch (params.context) {
    case 'exact':
      return t('range.exact', { len: params.len });
    case 'atLeast':
      return t('range.atLeast', { min: params.min });
    case 'atMost':
      return t('range.atMost', { max: params.max });
    case 'anyLength':
      return t('range.anyLength');
    default:
      return t('range.minmax', { min: params.min, max: params.max });
  }
}

export function fieldMessage(t: T, error: FieldError, label: string): string {
  if (error.messageKey === 'not_empty') return t('form.not_empty', { field: label });
  if (error.messageKey === 'inconsistent_twice') return t('form.inconsistent_twice');
  return t(`rule.${error.messageKey}` as 'rule.pattern_any', {
    range: rangeText(t, error.params),
    defaultValue: error.message,
  });
}

/** What a rule asks for, worded as its refusal would be: the hint under a field. */
export function ruleHint(t: T, rule: FieldRule): string {
  const { minLength: min, maxLength: max } = rule;
  const params: FieldError['params'] =
    max === 0 && min === 0
      ? { context: 'anyLength' }
      : max === 0
        ? { min, context: 'atLeast' }
        : min === max
          ? { len: min, context: 'exact' }
          : min === 0
            ? { max, context: 'atMost' }
            : { min, max };
  const pattern = patternById(rule.patternId);
  return fieldMessage(
    t,
    { key: rule.key, messageKey: pattern.messageKey, params, message: pattern.message },
    rule.key,
  );
}
