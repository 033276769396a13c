/**
 * Withdrawal (withdraw): amount within the limits, a bound payout account and the payment password.
 * The money leaves at once and the withdrawal waits for the player's "confirm received"; one not
 * confirmed within the server-supplied minutes is received automatically.
 *
 * Withdraw keeps the focus while the withdrawal is under way (busy, not disabled, which would drop
 * the focus to the page); the form stays, so the focus stays on it when it is done. A row's Confirm
 * received keeps the focus the same way while the confirmation is under way.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberInfoQuery } from '../../../api/queries/member';
import { translateContent } from '../../../i18n';
import { validateField } from '../../../../../openapi/field-rules';
import { paymentPasswordRule } from '../../../ui/account-form/payment-password-field';
import { useRuleForm } from '../../../ui/account-form/rule-form';
import { Badge, PageHead, Stat, useMoney, When } from '../../../ui/centre/parts';
import { AmountField, WalletPasswordField } from '../../../ui/centre/wallet-fields';
import { pagedQuery, RecordTable, type Column } from '../../../ui/centre/record-table';
import { BusyButton } from '../../../ui/busy-button';
import { confirmDialog } from '../../../ui/dialog';
import { ErrorState } from '../../../ui/error-state';
import { formatDate } from '../../../ui/format';
import { Skeleton } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { parseAmount, refuseAmount } from '../amount';
import { useAmountMessage } from '../components/amount-message';
import { useConfirmWithdrawReceived } from '../api/confirm-withdraw-received';
import { useAccountRecords } from '../api/get-account-records';
import { useWithdrawInfo } from '../api/get-withdraw-info';
import { useWithdraw } from '../api/withdraw';
import { MONEY_MAX, PAYMENT_PASSWORD_MAX_LENGTH, RECORD_PAGE_SIZE } from '../constants';
import { errorText, refusedFields } from '../components/error-text';
import type { Transaction } from '../types';
import { autoReceiveAt, cleanRemark, withdrawalState, type WithdrawalState } from '../withdrawal';

const STATE_TONE = {
  awaiting: 'pending',
  received: 'success',
  auto_received: 'info',
  rejected: 'danger',
} as const;

type Values = { amount: string; accountId: string; paymentPassword: string };

export function WithdrawPage() {
  const { t } = useTranslation('memberCentre');
  const member = useQuery(memberInfoQuery).data;
  const info = useWithdrawInfo();
  const withdraw = useWithdraw();
  const money = useMoney();

  const [accountId, setAccountId] = useState<string | null>(null);
  const amountMessage = useAmountMessage();
  const data = info.data;
  const account = accountId ?? data?.accounts[0]?.id ?? '';
  const { form, bind, input, change, error } = useRuleForm<Values>({
    defaultValues: { amount: '', accountId: '', paymentPassword: '' },
    validate: (v) => {
      if (!data) return {};
      const range = { min: data.minAmount, max: data.maxAmount };
      return {
        amount: amountMessage(refuseAmount(v.amount, { cap: MONEY_MAX, range, available: data.available })),
        accountId: account ? undefined : t('withdraw.account_required'),
        paymentPassword: validateField(paymentPasswordRule(PAYMENT_PASSWORD_MAX_LENGTH), v.paymentPassword, {
          label: t('form.payment_password'),
        }),
      };
    },
  });

  if (info.isError) return <ErrorState error={info.error} onRetry={() => void info.refetch()} />;
  const serverFields = refusedFields(withdraw.error);
  const noPaymentPassword = member?.hasPaymentPassword === false;

  const submit = form.handleSubmit((v) => {
    const amount = parseAmount(v.amount);
    if (!data || amount === null || withdraw.isPending) return;
    withdraw.mutate(
      { amount, accountId: account, paymentPassword: v.paymentPassword },
      {
        onSuccess: () => {
          toast.success(t('withdraw.submitted', { amount: money(amount) }));
          form.reset();
        },
        // A wrong password is cleared so the next try starts clean.
        onError: () => form.setValue('paymentPassword', ''),
      },
    );
  });

  return (
    <>
      <PageHead title={t('menu.withdraw')} lead={t('withdraw.lead')} />
      <div className="centre-stats centre-stats--3">
        {data ? (
          <>
            <Stat
              label={t('withdraw.available')}
              value={<bdi dir="ltr">{money(data.available)}</bdi>}
              tone="accent"
            />
            <Stat label={t('withdraw.min')} value={<bdi dir="ltr">{money(data.minAmount)}</bdi>} />
            <Stat label={t('withdraw.max')} value={<bdi dir="ltr">{money(data.maxAmount)}</bdi>} />
          </>
        ) : (
          Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={84} radius={14} />)
        )}
      </div>

      {noPaymentPassword ? (
        <p className="notice notice--warning">{t('withdraw.no_payment_password')}</p>
      ) : null}

      <form
        className="centre-card centre-card--pad centre-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-labelledby="mc-withdraw-form"
      >
        <h4 className="centre-card__title" id="mc-withdraw-form">
          {t('withdraw.form_title')}
        </h4>
        <AmountField
          label={t('form.amount')}
          error={error('amount') ?? (serverFields.has('amount') ? errorText(withdraw.error) : null)}
          hint={
            data
              ? t('form.amount_hint', { min: money(data.minAmount), max: money(data.maxAmount) })
              : null
          }
          addon={
            data ? (
              <button
                type="button"
                className="link-btn mc-link-btn"
                onClick={() => change('amount', String(Math.min(data.available, data.maxAmount)))}
              >
                {t('withdraw.all')}
              </button>
            ) : null
          }
          input={input('amount')}
        />

        <fieldset className="mc-fieldset">
          <legend className="field__label">{t('withdraw.account')}</legend>
          <div className="mc-options mc-options--2">
            {data
              ? data.accounts.map((a) => (
                  <label key={a.id} className="mc-option">
                    <input
                      type="radio"
                      name="payout-account"
                      className="visually-hidden"
                      checked={account === a.id}
                      onChange={() => setAccountId(a.id)}
                    />
                    <span className="mc-option__box">
                      <span className="mc-option__bank" aria-hidden="true">
                        {a.bankName.slice(0, 1)}
                      </span>
                      <span className="mc-option__text">
                        <strong>{translateContent(a.bankName)}</strong>
                        <span className="mc-option__meta" dir="ltr">
                          {a.accountNo}
                        </span>
                      </span>
                    </span>
                  </label>
                ))
              : Array.from({ length: 2 }, (_, i) => <Skeleton key={i} height={72} radius={14} />)}
          </div>
          {error('accountId') ? <p className="field__error">{error('accountId')}</p> : null}
        </fieldset>

        <WalletPasswordField
          field={bind('paymentPassword')}
          label={t('form.payment_password')}
          error={
            error('paymentPassword') ??
            (serverFields.has('paymentPassword') ? errorText(withdraw.error) : undefined)
          }
        />
        {withdraw.isError && serverFields.size === 0 ? (
          <p className="form__alert" role="alert">
            {errorText(withdraw.error)}
          </p>
        ) : null}
        <div className="centre-form__actions">
          <BusyButton
            type="submit"
            className="btn btn--primary btn--lg"
            disabled={!data || noPaymentPassword}
            busy={withdraw.isPending}
          >
            {withdraw.isPending ? t('form.working') : t('withdraw.submit')}
          </BusyButton>
        </div>
      </form>

      {data ? <WithdrawalHistory autoReceiveMinutes={data.autoReceiveMinutes} /> : null}
    </>
  );
}

function WithdrawalHistory({ autoReceiveMinutes }: { autoReceiveMinutes: number }) {
  const { t } = useTranslation('memberCentre');
  const [page, setPage] = useState(1);
  const records = useAccountRecords({ pageNo: page, kind: 'withdraw', pageSize: RECORD_PAGE_SIZE });
  const confirm = useConfirmWithdrawReceived();
  const money = useMoney();

  const confirmReceived = async (tx: Transaction) => {
    const ok = await confirmDialog({
      title: t('withdraw.confirm_title'),
      message: t('withdraw.confirm_text', { amount: money(Math.abs(tx.amount)) }),
      confirmText: t('withdraw.confirm_received'),
      cancelText: t('form.cancel'),
    });
    if (!ok) return;
    confirm.mutate(tx.id, {
      onSuccess: () => toast.success(t('withdraw.confirmed')),
      onError: (error) => toast.error(errorText(error)),
    });
  };

  const stateLabel = (s: WithdrawalState) => t(`withdraw.state.${s}`);

  const columns: Column<Transaction>[] = [
    { key: 'time', header: t('col.time'), cell: (r) => <When ms={r.time} /> },
    {
      key: 'amount',
      header: t('col.amount'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(Math.abs(r.amount))}</bdi>,
    },
    {
      key: 'to',
      header: t('col.details'),
      wrap: true,
      cell: (r) => <bdi>{translateContent(cleanRemark(r.remark))}</bdi>,
    },
    {
      key: 'status',
      header: t('col.status'),
      wrap: true,
      cell: (r) => {
        const s = withdrawalState(r);
        return (
          <div className="mc-wd-state">
            <Badge tone={STATE_TONE[s]}>{stateLabel(s)}</Badge>
            {s === 'awaiting' ? (
              <span className="mc-wd-state__note">
                {t('withdraw.auto_at', {
                  time: formatDate(autoReceiveAt(r.time, autoReceiveMinutes)),
                })}
              </span>
            ) : null}
            {s === 'auto_received' ? (
              <span className="mc-wd-state__note">
                {t('withdraw.auto_received_note', { minutes: autoReceiveMinutes })}
              </span>
            ) : null}
          </div>
        );
      },
    },
    {
      key: 'action',
      header: <span className="visually-hidden">{t('col.action')}</span>,
      cell: (r) =>
        withdrawalState(r) === 'awaiting' ? (
          <BusyButton
            className="btn btn--primary btn--sm"
            busy={confirm.isPending && confirm.variables === r.id}
            onClick={() => void confirmReceived(r)}
            aria-label={t('withdraw.confirm_received_of', { amount: money(Math.abs(r.amount)) })}
          >
            {t('withdraw.confirm_received')}
          </BusyButton>
        ) : null,
    },
  ];

  return (
    <section className="centre-section" aria-labelledby="mc-withdraw-history">
      <div className="centre-section__head">
        <h4 className="centre-card__title" id="mc-withdraw-history">
          {t('withdraw.history')}
        </h4>
      </div>
      <p className="mc-note mc-note--info">
        {t('withdraw.auto_receive_rule', { minutes: autoReceiveMinutes })}
      </p>
      <RecordTable
        ns="memberCentre"
        caption={t('withdraw.history')}
        columns={columns}
        rowKey={(r) => r.id}
        {...pagedQuery(records)}
        empty={t('withdraw.history_empty')}
        page={page}
        onPage={setPage}
      />
    </section>
  );
}
