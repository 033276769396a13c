/**
 * The one payment-password input (registration, withdrawal, transfer to upline): masked with a
 * show/hide button, digits keyboard, left-to-right, never offered to the browser's password manager
 * (it is not the login password). Its length is judged by the rule, not cut by the input.
 */
import { requiredOnly } from './rules';
import { TextField } from './text-field';
import type { FieldRule } from '../../../../openapi/field-rules';

/**
 * The rule of a payment password typed to confirm a payment: any non-empty value up to the
 * contract's maxLength for that call (the server judges whether it is the right one).
 */
export function paymentPasswordRule(maxLength: number): FieldRule {
  return requiredOnly('paymentPassword', maxLength);
}

export interface PaymentPasswordFieldProps {
  /** Ignored (always paymentPassword); accepted so a bound form field can be spread in. */
  name?: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  placeholder?: string;
  required?: boolean;
  hint?: string;
  /** Extra class on the field (the centres' `centre-field`). */
  className?: string;
}

export function PaymentPasswordField({ label, value, onValueChange, onBlur, error, placeholder, required = true, hint, className }: PaymentPasswordFieldProps) {
  return (
    <TextField
      name="paymentPassword"
      label={label}
      value={value}
      onValueChange={onValueChange}
      onBlur={onBlur}
      placeholder={placeholder}
      required={required}
      icon="shield"
      revealable
      inputMode="numeric"
      // Not the login password: a password manager must neither fill nor save it here.
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      dir="ltr"
      hint={hint}
      error={error}
      className={className}
    />
  );
}
