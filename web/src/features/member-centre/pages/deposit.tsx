/**
 * Deposit (depositv2): choose a channel, an amount within its limits (quick amounts offered) and
 * optionally a deposit promotion. The simulator credits at once; the header balance and the account
 * record refresh through the shared balance key (api/keys.ts).
 *
 * The focus follows the player: Deposit now keeps it while the deposit is under way (the button
 * says so and ignores presses rather than being disabled, which would drop the focus to the page),
 * the result's title takes it when the form gives way to the result, and Deposit again gives it to
 * the amount.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateContent } from '../../../i18n';
import { ui } from '../../../session/ui-store';
import { useRuleForm } from '../../../ui/account-form/rule-form';
import { Field, PageHead, useMoney } from '../../../ui/centre/parts';
import { AmountField } from '../../../ui/centre/wallet-fields';
import { BusyButton } from '../../../ui/busy-button';
import { ErrorState } from '../../../ui/error-state';
import { Skeleton } from '../../../ui/spinner';
import { parseAmount, refuseAmount } from '../amount';
import { useAmountMessage } from '../components/amount-message';
import { useDeposit } from '../api/deposit';
import { useDepositChannels } from '../api/get-deposit-channels';
import { useDepositPromotions } from '../api/get-deposit-promotions';
import { DEPOSIT_QUICK_AMOUNTS } from '../constants';
import { errorText, refusedFields } from '../components/error-text';
import type { Transaction } from '../types';
import { SvgIcon } from '../../../ui/svg-icon';

export function DepositPage() {
  const { t } = useTranslation('memberCentre');
  const channels = useDepositChannels();
  const promotions = useDepositPromotions();
  const deposit = useDeposit();
  const money = useMoney();

  const [channelId, setChannelId] = useState<string | null>(null);
  const [promotionId, setPromotionId] = useState('');
  const [done, setDone] = useState<Transaction | null>(null);
  const resultTitle = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const again = useRef(false);

  useEffect(() => {
    if (done) resultTitle.current?.focus();
    else if (again.current) {
      again.current = false;
      formRef.current?.querySelector<HTMLInputElement>('input[name="amount"]')?.focus();
    }
  }, [done]);

  const list = channels.data ?? [];
  const channel = list.find((c) => c.channelId === channelId) ?? list[0];
  const serverFields = refusedFields(deposit.error);
  const amountMessage = useAmountMessage();
  const { form, values, input, change, error } = useRuleForm<{ amount: string }>({
    defaultValues: { amount: '' },
    validate: (v) =>
      channel
        ? { amount: amountMessage(refuseAmount(v.amount, { range: { min: channel.minAmount, max: channel.maxAmount } })) }
        : {},
  });

  if (channels.isError)
    return <ErrorState error={channels.error} onRetry={() => void channels.refetch()} />;

  if (done) {
    return (
      <>
        <PageHead title={t('menu.depositv2')} />
        <div className="centre-result" role="status">
          <span className="centre-result__icon centre-result__icon--success" aria-hidden="true">
            <SvgIcon d="M5 12.5l4.5 4.5L19 7.5" size={36} strokeWidth={2.4} />
          </span>
          <h4 className="centre-result__title" ref={resultTitle} tabIndex={-1}>
            {t('deposit.success_title')}
          </h4>
          <p className="centre-result__amount" dir="ltr">
            {money(done.amount)}
          </p>
          <p className="centre-result__text">
            {t('deposit.success_text', { remark: translateContent(done.remark), id: done.id })}
          </p>
          <div className="centre-result__actions">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => ui.openCentre('member', 'transactionHistory')}
            >
              {t('deposit.view_record')}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                again.current = true;
                setDone(null);
                form.reset();
                deposit.reset();
              }}
            >
              {t('deposit.again')}
            </button>
          </div>
        </div>
      </>
    );
  }

  const submit = form.handleSubmit((v) => {
    const amount = parseAmount(v.amount);
    if (!channel || amount === null || deposit.isPending) return;
    deposit.mutate(
      {
        channelId: channel.channelId,
        amount,
        ...(promotionId ? { promotionId: Number(promotionId) } : {}),
      },
      { onSuccess: (tx) => setDone(tx) },
    );
  });

  const quick = channel
    ? DEPOSIT_QUICK_AMOUNTS.filter((a) => a >= channel.minAmount && a <= channel.maxAmount)
    : [];

  return (
    <>
      <PageHead title={t('menu.depositv2')} lead={t('deposit.lead')} />
      <form ref={formRef} className="centre-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="mc-fieldset">
          <legend className="centre-card__title">{t('deposit.channel')}</legend>
          <div className="mc-options">
            {channels.isPending
              ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={92} radius={14} />)
              : list.map((c) => (
                  <label key={c.channelId} className="mc-option">
                    <input
                      type="radio"
                      name="deposit-channel"
                      className="visually-hidden"
                      checked={channel?.channelId === c.channelId}
                      onChange={() => {
                        setChannelId(c.channelId);
                        form.clearErrors('amount');
                      }}
                    />
                    <span className="mc-option__box">
                      <img src={c.logo} alt="" width={40} height={40} className="mc-option__logo" />
                      <span className="mc-option__text">
                        <strong>{translateContent(c.name)}</strong>
                        <span className="mc-option__meta" dir="ltr">
                          {money(c.minAmount)} – {money(c.maxAmount)}
                        </span>
                      </span>
                    </span>
                  </label>
                ))}
          </div>
        </fieldset>

        <div className="centre-card centre-card--pad centre-form">
          <AmountField
            label={t('form.amount')}
            error={error('amount') ?? (serverFields.has('amount') ? errorText(deposit.error) : null)}
            hint={
              channel
                ? t('form.amount_hint', {
                    min: money(channel.minAmount),
                    max: money(channel.maxAmount),
                  })
                : null
            }
            input={input('amount')}
          />
          {quick.length > 0 ? (
            <div className="mc-quick" role="group" aria-label={t('deposit.quick')}>
              {quick.map((a) => (
                <button
                  key={a}
                  type="button"
                  className="mc-quick__btn"
                  aria-pressed={parseAmount(values.amount) === a}
                  onClick={() => {
                    change('amount', String(a));
                    form.clearErrors('amount');
                  }}
                >
                  <bdi dir="ltr">{money(a)}</bdi>
                </button>
              ))}
            </div>
          ) : null}
          <Field
            label={t('deposit.promotion')}
            hint={t('deposit.promotion_hint')}
            error={serverFields.has('promotionId') ? errorText(deposit.error) : null}
          >
            {({ id, describedBy }) => (
              <select
                id={id}
                className="centre-select"
                value={promotionId}
                onChange={(e) => setPromotionId(e.target.value)}
                aria-describedby={describedBy}
              >
                <option value="">{t('deposit.no_promotion')}</option>
                {promotions.data?.map((p) => (
                  <option key={p.id} value={p.id}>
                    {translateContent(p.title)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {deposit.isError && serverFields.size === 0 ? (
            <p className="form__alert" role="alert">
              {errorText(deposit.error)}
            </p>
          ) : null}
          <div className="centre-form__actions">
            <BusyButton
              type="submit"
              className="btn btn--primary btn--lg"
              disabled={!channel}
              busy={deposit.isPending}
            >
              {deposit.isPending ? t('form.working') : t('deposit.submit')}
            </BusyButton>
          </div>
        </div>
      </form>
    </>
  );
}
