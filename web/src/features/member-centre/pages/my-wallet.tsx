/**
 * My wallet (transferFund): the total balance split into the main wallet and game wallets, quick
 * deposit/withdraw, and transfers between the main wallet and a provider's wallet (one side is
 * always the main wallet, as the transfer call requires).
 *
 * Transfer keeps the focus while the transfer is under way (busy, not disabled, which would drop
 * the focus to the page); the form stays, so the focus stays on it when it is done.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../../api/queries/member';
import { ui } from '../../../session/ui-store';
import { useRuleForm } from '../../../ui/account-form/rule-form';
import { BusyButton } from '../../../ui/busy-button';
import { Field, PageHead, Stat, useMoney } from '../../../ui/centre/parts';
import { AmountField } from '../../../ui/centre/wallet-fields';
import { Icon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { useConsolidatedFunds } from '../api/get-consolidated-funds';
import { useMerchantWallet } from '../api/get-merchant-wallet';
import { useWalletTransfer } from '../api/wallet-transfer';
import { parseAmount, refuseAmount } from '../amount';
import { useAmountMessage } from '../components/amount-message';
import { MAIN_WALLET, MONEY_MAX } from '../constants';
import { errorText, refusedFields } from '../components/error-text';
import { roundMoney } from '../../../../../openapi/money';

type Direction = 'in' | 'out';

export function MyWalletPage() {
  const { t } = useTranslation('memberCentre');
  const balance = useQuery(balanceQuery);
  const funds = useConsolidatedFunds();
  const wallet = useMerchantWallet();
  const transfer = useWalletTransfer();
  const money = useMoney();

  const [direction, setDirection] = useState<Direction>('in');

  const main = funds.data?.balance;
  const total = balance.data?.sumBalance;
  const games =
    main !== undefined && total !== undefined
      ? Math.max(0, roundMoney(total - main))
      : undefined;
  const serverFields = refusedFields(transfer.error);
  const amountMessage = useAmountMessage();

  const { form, values, input, error } = useRuleForm<{ vendor: string; amount: string }>({
    defaultValues: { vendor: '', amount: '' },
    validate: (v) => ({
      vendor: v.vendor ? undefined : t('wallet.choose_wallet'),
      // Only money leaving the main wallet is bounded by its balance.
      amount: amountMessage(refuseAmount(v.amount, { cap: MONEY_MAX, available: direction === 'in' ? main : undefined })),
    }),
  });
  const vendor = values.vendor;

  const submit = form.handleSubmit((v) => {
    const amount = parseAmount(v.amount);
    if (amount === null || transfer.isPending) return;
    const body =
      direction === 'in'
        ? { from: MAIN_WALLET, to: v.vendor, amount }
        : { from: v.vendor, to: MAIN_WALLET, amount };
    transfer.mutate(body, {
      onSuccess: (result) => {
        toast.success(
          t('wallet.transferred', { amount: money(amount), total: money(result.sumBalance) }),
        );
        form.setValue('amount', '');
      },
    });
  });

  const vendorName = wallet.data?.wallets.find((w) => w.vendor === vendor)?.name;

  return (
    <>
      <PageHead
        title={t('menu.transferFund')}
        lead={t('wallet.lead')}
        actions={
          <>
            <button
              type="button"
              className="btn btn--primary btn--sm"
              onClick={() => ui.openCentre('member', 'depositv2')}
            >
              <Icon name="deposit" size={16} />
              {t('menu.depositv2')}
            </button>
            <button
              type="button"
              className="btn btn--outline btn--sm"
              onClick={() => ui.openCentre('member', 'withdraw')}
            >
              <Icon name="withdraw" size={16} />
              {t('menu.withdraw')}
            </button>
          </>
        }
      />
      <div className="centre-stats centre-stats--3">
        {total !== undefined ? (
          <Stat
            label={t('wallet.total')}
            value={<bdi dir="ltr">{money(total)}</bdi>}
            tone="accent"
            hint={t('wallet.total_hint')}
          />
        ) : (
          <Skeleton height={96} radius={14} />
        )}
        {main !== undefined ? (
          <Stat
            label={t('wallet.main')}
            value={<bdi dir="ltr">{money(main)}</bdi>}
            hint={t('wallet.main_hint')}
          />
        ) : (
          <Skeleton height={96} radius={14} />
        )}
        {games !== undefined ? (
          <Stat
            label={t('wallet.games')}
            value={<bdi dir="ltr">{money(games)}</bdi>}
            hint={t('wallet.games_hint')}
          />
        ) : (
          <Skeleton height={96} radius={14} />
        )}
      </div>

      <section className="centre-card centre-card--pad" aria-labelledby="mc-transfer-title">
        <h4 className="centre-card__title" id="mc-transfer-title">
          {t('wallet.transfer_title')}
        </h4>
        {wallet.data?.isSingle ? (
          <p className="mc-note mc-note--info">{t('wallet.single_note')}</p>
        ) : null}
        <form className="centre-form" onSubmit={(e) => void submit(e)} noValidate>
          <div
            className="centre-segment centre-segment--wide"
            role="radiogroup"
            aria-label={t('wallet.direction')}
          >
            {(['in', 'out'] as const).map((d) => (
              <button
                key={d}
                type="button"
                role="radio"
                aria-checked={direction === d}
                className="centre-segment__btn"
                onClick={() => setDirection(d)}
              >
                {t(d === 'in' ? 'wallet.to_game' : 'wallet.to_main')}
              </button>
            ))}
          </div>
          <div className="centre-form__row">
            <Field
              label={t('wallet.game_wallet')}
              error={
                error('vendor') ??
                (serverFields.has('to') || serverFields.has('from')
                  ? errorText(transfer.error)
                  : null)
              }
            >
              {({ id, describedBy, invalid }) => (
                <select
                  id={id}
                  className="centre-select"
                  {...input('vendor')}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                >
                  <option value="">{t('wallet.choose_wallet')}</option>
                  {wallet.data?.wallets.map((w) => (
                    <option key={w.vendor} value={w.vendor}>
                      {w.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <AmountField
              label={t('form.amount')}
              error={
                error('amount') ?? (serverFields.has('amount') ? errorText(transfer.error) : null)
              }
              input={input('amount')}
            />
          </div>
          <p className="mc-transfer-path" aria-live="polite">
            <span>
              {direction === 'in' ? t('wallet.main') : (vendorName ?? t('wallet.game_wallet'))}
            </span>
            <Icon name="chevron" size={16} className="flip-rtl" />
            <span>
              {direction === 'in' ? (vendorName ?? t('wallet.game_wallet')) : t('wallet.main')}
            </span>
          </p>
          {transfer.isError && serverFields.size === 0 ? (
            <p className="form__alert" role="alert">
              {errorText(transfer.error)}
            </p>
          ) : null}
          <div className="centre-form__actions">
            <BusyButton type="submit" className="btn btn--primary" busy={transfer.isPending}>
              {transfer.isPending ? t('form.working') : t('wallet.transfer_submit')}
            </BusyButton>
          </div>
        </form>
      </section>
    </>
  );
}
