/** Player rank (VIP level): the current level, progress and the level ladder. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vipLevelsQuery } from '../../api/queries/member';
import { usePermission } from '../../api/queries/system';
import { ErrorState } from '../../ui/error-state';
import { formatMoney } from '../../ui/format';
import { LabelChip } from '../../ui/label-chip';
import { Modal } from '../../ui/modal';
import { ScrollRow } from '../../ui/scroll-row/scroll-row';
import { Skeleton } from '../../ui/spinner';
import './vip.css';

export default function VipModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('vip');
  const { currencySymbol } = usePermission();
  const vip = useQuery(vipLevelsQuery);
  const money = (n: number) => formatMoney(n, currencySymbol);

  let body;
  if (vip.isError) body = <ErrorState error={vip.error} onRetry={() => void vip.refetch()} />;
  else if (vip.isPending) body = <Skeleton height={260} radius={12} />;
  else {
    const { levels, current, progress } = vip.data;
    const now = levels.find((l) => l.rankLevel === current);
    const next = levels.find((l) => l.rankLevel === current + 1);
    const pct = (value: number, target: number) => (target > 0 ? Math.min(100, Math.round((value / target) * 100)) : 100);
    body = (
      <>
        <div className="vip-hero" style={now ? { background: `linear-gradient(120deg, ${now.color}, ${now.color2})` } : undefined}>
          <p className="vip-hero__label">{t('current_level')}</p>
          <p className="vip-hero__level">{now?.labelName ?? t('level_n', { n: current })}</p>
          {next ? (
            <div className="vip-hero__progress">
              <p>{t('next_level', { name: next.labelName })}</p>
              <div className="vip-bar" role="progressbar" aria-label={t('deposit_progress')} aria-valuenow={pct(progress.deposit, next.minDeposit)} aria-valuemin={0} aria-valuemax={100}>
                <span style={{ inlineSize: `${pct(progress.deposit, next.minDeposit)}%` }} />
              </div>
              <p className="vip-hero__small">
                {t('deposit_of', { value: money(progress.deposit), target: money(next.minDeposit) })}
              </p>
              <div className="vip-bar" role="progressbar" aria-label={t('bet_progress')} aria-valuenow={pct(progress.bet, next.minBet)} aria-valuemin={0} aria-valuemax={100}>
                <span style={{ inlineSize: `${pct(progress.bet, next.minBet)}%` }} />
              </div>
              <p className="vip-hero__small">{t('bet_of', { value: money(progress.bet), target: money(next.minBet) })}</p>
            </div>
          ) : (
            <p>{t('top_level')}</p>
          )}
        </div>
        {/* The columns fit the modal on desktops (headings wrap, vip.css); on a phone the ladder
            scrolls inside its own box with a fade at the hidden end (ADR 020). A named,
            focusable region lets keyboard users scroll it too (WCAG 2.1.1). */}
        <ScrollRow
          className="vip-ladder"
          viewportClassName="vip-ladder__viewport"
          viewportProps={{ role: 'region', 'aria-label': t('ladder_region'), tabIndex: 0 }}
        >
          <table className="table vip-ladder__table">
            <caption className="visually-hidden">{t('ladder')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('level')}</th>
                <th scope="col">{t('min_deposit')}</th>
                <th scope="col">{t('min_bet')}</th>
                <th scope="col">{t('birthday_bonus')}</th>
                <th scope="col">{t('monthly_bonus')}</th>
                <th scope="col">{t('rebate')}</th>
              </tr>
            </thead>
            <tbody>
              {levels.map((l) => (
                <tr key={l.rankLevel} aria-current={l.rankLevel === current ? 'true' : undefined}>
                  <th scope="row">
                    <LabelChip text={l.labelName} background={[l.color, l.color2]} />
                  </th>
                  <td>{money(l.minDeposit)}</td>
                  <td>{money(l.minBet)}</td>
                  <td>{money(l.birthdayBonus)}</td>
                  <td>{money(l.monthlyBonus)}</td>
                  <td>{t('percent', { value: l.rebateRate })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRow>
      </>
    );
  }
  return (
    <Modal open onClose={onClose} title={t('title')} size="lg">
      {body}
    </Modal>
  );
}
