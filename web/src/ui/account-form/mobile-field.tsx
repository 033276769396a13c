/**
 * The mobile number with its country-code picker in front (flag and dialing code).
 * The number travels without the dialing code; the dialing code goes separately.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { countryCodesQuery, type Country } from '../../api/queries/account';
import { CountryCodePicker } from './country-code-picker';
import { validateField, type FieldRule } from '../../../../openapi/field-rules';
import { fieldMessage } from './field-messages';
import type { RuleForm, TextValues } from './rule-form';
import { focusFirstInvalid } from './rules';
import { TextField } from './text-field';

export interface MobileValue {
  /** Country code of the picker (PK). */
  countryCode: string;
  /** Its dialing code (+92), sent as countryDialingCode. */
  dialingCode: string;
  number: string;
}

const NO_COUNTRIES: readonly Country[] = [];

export const EMPTY_MOBILE: MobileValue = { countryCode: '', dialingCode: '', number: '' };

/** The picker's first choice: the server's default dialing code, else the first country. */
export function defaultCountry(countries: readonly Country[], dialingCode?: string): Country | undefined {
  return countries.find((c) => c.countryDialingCode === dialingCode) ?? countries[0];
}

type MobileKeys = { mobileNum: string; countryCode: string; dialingCode: string };

/**
 * MobileField's props from a rule form that holds the number as `mobileNum` and the picker's choice
 * as `countryCode` and `dialingCode`: the number is typed (re-checked like any field), the picker's
 * choice is not judged.
 */
export function bindMobile<V extends TextValues & MobileKeys>(rf: RuleForm<V>) {
  const { values, form } = rf;
  const setQuiet = (key: 'countryCode' | 'dialingCode', value: string) =>
    (form.setValue as (name: string, value: string) => void)(key, value);
  return {
    value: { countryCode: values.countryCode, dialingCode: values.dialingCode, number: values.mobileNum } satisfies MobileValue,
    onChange: (next: MobileValue) => {
      if (next.countryCode !== values.countryCode) setQuiet('countryCode', next.countryCode);
      if (next.dialingCode !== values.dialingCode) setQuiet('dialingCode', next.dialingCode);
      if (next.number !== values.mobileNum) rf.change('mobileNum', next.number);
    },
    onBlur: rf.bind('mobileNum').onBlur,
    error: rf.error('mobileNum'),
  };
}

/**
 * The mobile number must be valid before an SMS is sent. Judges it by `rule`, marks
 * the field (and focuses it) when it is not, clears an old mark when it is.
 */
export function mobileReadyForSms<V extends TextValues & MobileKeys>(
  rf: RuleForm<V>,
  rule: FieldRule,
  label: string,
  formElement: HTMLFormElement | null,
): boolean {
  const setError = rf.form.setError as (name: string, error: { type: string; message: string }) => void;
  const clearErrors = rf.form.clearErrors as (name: string) => void;
  const found = validateField(rule, rf.values.mobileNum, { label });
  if (found) {
    setError('mobileNum', { type: 'rule', message: fieldMessage(found) });
    focusFirstInvalid(formElement);
  } else clearErrors('mobileNum');
  return !found;
}

export function MobileField({
  value,
  onChange,
  defaultDialingCode,
  error,
  required,
  label,
  name = 'mobileNum',
  disabled,
  onBlur,
}: {
  value: MobileValue;
  onChange: (next: MobileValue) => void;
  onBlur?: () => void;
  defaultDialingCode?: string;
  error?: string;
  required?: boolean;
  label?: string;
  name?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('auth');
  const countries = useQuery(countryCodesQuery);
  const list = countries.data ?? NO_COUNTRIES;

  // Until the player picks, follow the server's default (or a remembered dialing code).
  useEffect(() => {
    if (value.countryCode || list.length === 0) return;
    const country = defaultCountry(list, value.dialingCode || defaultDialingCode);
    if (country) onChange({ ...value, countryCode: country.countryCode, dialingCode: country.countryDialingCode });
  }, [list, value, defaultDialingCode, onChange]);

  return (
    <TextField
      name={name}
      label={label ?? t('mobile')}
      value={value.number}
      onValueChange={(number) => onChange({ ...value, number: number.replace(/[^\d]/g, '') })}
      placeholder={t('mobile_placeholder')}
      required={required}
      type="tel"
      inputMode="numeric"
      // The dialing code is the picker's: the number typed here is the national part.
      autoComplete="tel-national"
      onBlur={onBlur}
      dir="ltr"
      disabled={disabled}
      error={error}
      className="field--mobile"
      prefix={
        list.length > 0 ? (
          <CountryCodePicker
            countries={list}
            value={value.countryCode}
            disabled={disabled}
            onChange={(c) => onChange({ ...value, countryCode: c.countryCode, dialingCode: c.countryDialingCode })}
          />
        ) : null
      }
    />
  );
}
