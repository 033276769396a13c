/**
 * Rebate promo (manualRebate): the rebate earned on valid bets since the last claim, and the claim.
 * Claim rebate keeps the focus while the claim is under way and after, when nothing is left to
 * claim: it is then unavailable (aria-disabled, presses ignored) rather than disabled, which would
 * drop the focus to the page.
 */
import { useTranslation } from 'react-i18next';
import { Empty, PageHead, useMoney } from '../../../ui/centre/parts';
import { BusyButton } from '../../../ui/busy-button';
import { ErrorState } from '../../../ui/error-state';
import { Skeleton } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { useClaimRebate } from '../api/claim-rebate';
import { useRebate } from '../api/get-rebate';
import { errorText } from '../components/error-text';
import { gameTypeLabel } from '../labels';
import { formatPercent } from '../../../ui/format';

export function ManualRebatePage() {
  const { t } = useTranslation('memberCentre');
  const rebate = useRebate();
  const claim = useClaimRebate();
  const money = useMoney();

  if (rebate.isError)
    return <ErrorState error={rebate.error} onRetry={() => void rebate.refetch()} />;
  const data = rebate.data;
  const canClaim = !!data && data.claimable >= 0.01;
  const percent = (rate: number) =>
    formatPercent(rate * 100);

  return (
    <>
      <PageHead title={t('menu.manualRebate')} lead={t('rebate.lead')} />
      <div className="mc-hero mc-hero--rebate">
        <div className="mc-hero__main">
          <span className="mc-hero__label">{t('rebate.claimable')}</span>
          <strong className="mc-hero__amount" dir="ltr">
            {data ? money(data.claimable) : '…'}
          </strong>
          <span className="mc-hero__sub">{t('rebate.since_last')}</span>
        </div>
        <div className="mc-hero__actions">
          <BusyButton
            className="btn btn--light btn--lg"
            aria-disabled={!canClaim}
            busy={claim.isPending}
            onClick={() =>
              claim.mutate(undefined, {
                onSuccess: (tx) => toast.success(t('rebate.claimed', { amount: money(tx.amount) })),
                onError: (error) => toast.error(errorText(error)),
              })
            }
          >
            {claim.isPending ? t('form.working') : t('rebate.claim')}
          </BusyButton>
        </div>
      </div>
      <section className="centre-section" aria-labelledby="mc-rebate-items">
        <h4 className="centre-card__title" id="mc-rebate-items">
          {t('rebate.by_type')}
        </h4>
        {!data ? (
          <Skeleton height={220} radius={14} />
        ) : data.items.length === 0 ? (
          <Empty>{t('rebate.empty')}</Empty>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('col.game_type')}</th>
                  <th scope="col" className="centre-num">
                    {t('col.valid_bet')}
                  </th>
                  <th scope="col" className="centre-num">
                    {t('col.rate')}
                  </th>
                  <th scope="col" className="centre-num">
                    {t('col.rebate')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((i) => (
                  <tr key={i.gameType}>
                    <td>{gameTypeLabel(t, i.gameType)}</td>
                    <td className="centre-num">
                      <bdi dir="ltr">{money(i.validBet)}</bdi>
                    </td>
                    <td className="centre-num">
                      <bdi dir="ltr">{percent(i.rate)}</bdi>
                    </td>
                    <td className="centre-num">
                      <strong>
                        <bdi dir="ltr">{money(i.rebate)}</bdi>
                      </strong>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
