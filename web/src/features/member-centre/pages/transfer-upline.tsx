/**
 * Transfer to upline (transferUpline, members with toUpline): an amount from the main wallet to the
 * upline agent, confirmed with the payment password.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { memberInfoQuery } from '../../../api/queries/member';
import { Field, PageHead, Stat, useMoney } from '../../../ui/centre/parts';
import { Skeleton } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { parseAmount } from '../amount';
import { useConsolidatedFunds } from '../api/get-consolidated-funds';
import { useTransferToUpline } from '../api/transfer-to-upline';
import { MONEY_MAX, PAYMENT_PASSWORD_MAX_LENGTH } from '../constants';
import { errorText, refusedFields } from '../components/error-text';

export function TransferUplinePage() {
  const { t } = useTranslation('memberCentre');
  const member = useQuery(memberInfoQuery).data;
  const funds = useConsolidatedFunds();
  const transfer = useTransferToUpline();
  const money = useMoney();
  const [amountText, setAmountText] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; paymentPassword?: string }>({});
  const serverFields = refusedFields(transfer.error);
  const available = funds.data?.balance;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amount = parseAmount(amountText);
    const next: typeof errors = {};
    if (!amountText.trim()) next.amount = t('form.amount_required');
    else if (amount === null || amount <= 0 || amount > MONEY_MAX)
      next.amount = t('form.amount_invalid');
    else if (available !== undefined && amount > available)
      next.amount = t('form.amount_over_balance', { amount: money(available) });
    if (!password) next.paymentPassword = t('form.payment_password_required');
    setErrors(next);
    if (Object.keys(next).length > 0 || amount === null) return;
    transfer.mutate(
      { amount, paymentPassword: password },
      {
        onSuccess: (tx) => {
          toast.success(t('upline.done', { amount: money(amount), remark: tx.remark }));
          setAmountText('');
          setPassword('');
        },
        onError: () => setPassword(''),
      },
    );
  };

  return (
    <>
      <PageHead title={t('menu.transferUpline')} lead={t('upline.lead')} />
      <div className="centre-stats centre-stats--2">
        {available !== undefined ? (
          <Stat
            label={t('wallet.main')}
            value={<bdi dir="ltr">{money(available)}</bdi>}
            tone="accent"
          />
        ) : (
          <Skeleton height={84} radius={14} />
        )}
        <Stat
          label={t('upline.from')}
          value={<bdi dir="ltr">{member?.account}</bdi>}
          hint={t('upline.from_hint')}
        />
      </div>
      {member && !member.hasPaymentPassword ? (
        <p className="notice notice--warning">{t('withdraw.no_payment_password')}</p>
      ) : null}
      <form className="centre-card centre-card--pad centre-form" onSubmit={submit} noValidate>
        <Field
          label={t('form.amount')}
          error={errors.amount ?? (serverFields.has('amount') ? errorText(transfer.error) : null)}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={amountText}
              onChange={(e) => setAmountText(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              dir="ltr"
            />
          )}
        </Field>
        <Field
          label={t('form.payment_password')}
          error={
            errors.paymentPassword ??
            (serverFields.has('paymentPassword') ? errorText(transfer.error) : null)
          }
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={PAYMENT_PASSWORD_MAX_LENGTH}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              dir="ltr"
            />
          )}
        </Field>
        {transfer.isError && serverFields.size === 0 ? (
          <p className="form__alert" role="alert">
            {errorText(transfer.error)}
          </p>
        ) : null}
        <div className="centre-form__actions">
          <button
            type="submit"
            className="btn btn--primary btn--lg"
            disabled={transfer.isPending || member?.hasPaymentPassword === false}
          >
            {transfer.isPending ? t('form.working') : t('upline.submit')}
          </button>
        </div>
      </form>
    </>
  );
}
