/**
 * Transfer to upline (transferUpline, members with toUpline): an amount from the main wallet to the
 * upline agent, confirmed with the payment password.
 *
 * The submit button keeps the focus while the transfer is under way (busy, not disabled, which
 * would drop the focus to the page); the form stays, so the focus stays on it when it is done.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { memberInfoQuery } from '../../../api/queries/member';
import { validateField } from '../../../../../openapi/field-rules';
import { paymentPasswordRule } from '../../../ui/account-form/payment-password-field';
import { useRuleForm } from '../../../ui/account-form/rule-form';
import { PageHead, Stat, useMoney } from '../../../ui/centre/parts';
import { AmountField, WalletPasswordField } from '../../../ui/centre/wallet-fields';
import { BusyButton } from '../../../ui/busy-button';
import { Skeleton } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { parseAmount, refuseAmount } from '../amount';
import { useAmountMessage } from '../components/amount-message';
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
  const serverFields = refusedFields(transfer.error);
  const available = funds.data?.balance;
  const amountMessage = useAmountMessage();
  const { form, bind, input, error } = useRuleForm<{ amount: string; paymentPassword: string }>({
    defaultValues: { amount: '', paymentPassword: '' },
    validate: (v) => {
      return {
        amount: amountMessage(refuseAmount(v.amount, { cap: MONEY_MAX, available })),
        paymentPassword: validateField(paymentPasswordRule(PAYMENT_PASSWORD_MAX_LENGTH), v.paymentPassword, {
          label: t('form.payment_password'),
        }),
      };
    },
  });

  const submit = form.handleSubmit((v) => {
    const amount = parseAmount(v.amount);
    if (amount === null || transfer.isPending) return;
    transfer.mutate(
      { amount, paymentPassword: v.paymentPassword },
      {
        onSuccess: (tx) => {
          toast.success(t('upline.done', { amount: money(amount), remark: tx.remark }));
          form.reset();
        },
        onError: () => form.setValue('paymentPassword', ''),
      },
    );
  });

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
      <form className="centre-card centre-card--pad centre-form" onSubmit={(e) => void submit(e)} noValidate>
        <AmountField
          label={t('form.amount')}
          error={error('amount') ?? (serverFields.has('amount') ? errorText(transfer.error) : null)}
          input={input('amount')}
        />
        <WalletPasswordField
          field={bind('paymentPassword')}
          label={t('form.payment_password')}
          error={
            error('paymentPassword') ??
            (serverFields.has('paymentPassword') ? errorText(transfer.error) : undefined)
          }
        />
        {transfer.isError && serverFields.size === 0 ? (
          <p className="form__alert" role="alert">
            {errorText(transfer.error)}
          </p>
        ) : null}
        <div className="centre-form__actions">
          <BusyButton
            type="submit"
            className="btn btn--primary btn--lg"
            disabled={member?.hasPaymentPassword === false}
            busy={transfer.isPending}
          >
            {transfer.isPending ? t('form.working') : t('upline.submit')}
          </BusyButton>
        </div>
      </form>
    </>
  );
}
