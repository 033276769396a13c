/**
 * The money fields of the member centre's wallet forms (deposit, wallet transfer, withdrawal,
 * transfer to upline): an amount typed left-to-right with the decimal keyboard, and the payment
 * password that confirms a payment, both bound to the page's rule form.
 */
import type { ReactNode } from 'react';
import { PaymentPasswordField } from '../account-form/payment-password-field';
import type { BoundField, RuleForm } from '../account-form/rule-form';
import { Field } from './parts';

/** A plain input bound to a rule form (`input('amount')`). */
type BoundInput = ReturnType<RuleForm<Record<string, string>>['input']>;

export function AmountField({
  label,
  error,
  hint,
  addon,
  input,
}: {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  addon?: ReactNode;
  input: BoundInput;
}) {
  return (
    <Field label={label} error={error} hint={hint} addon={addon}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          {...input}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          dir="ltr"
        />
      )}
    </Field>
  );
}

/** The payment password of a wallet form, laid out as the centre's fields. */
export function WalletPasswordField({
  label,
  field,
  error,
}: {
  label: string;
  field: BoundField;
  error?: string;
}) {
  return <PaymentPasswordField {...field} label={label} className="centre-field" error={error} />;
}
