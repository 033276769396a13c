/**
 * /pointMall: for members the points balance, the
 * rewards with their redemption (password checked), the conversion of points into wallet money
 * (password checked) and the redemption list; a login prompt for visitors and a note for trial
 * accounts, which collect no points.
 */
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../api/queries/system';
import { useAuth } from '../../session/auth';
import { ErrorState } from '../../ui/error-state';
import { formatMoney, formatNumber } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { LazyImage } from '../../ui/lazy-image';
import { SkeletonGrid, Skeleton } from '../../ui/spinner';
import { pointsBalanceQuery, pointsRewardsQuery } from './api';
import { preloadable } from '../../lib/lazy';
import type { RedeemTarget } from './redeem-dialog';
import { RedemptionList } from './redemption-list';
import './point-mall.css';

/**
 * The two forms (react-hook-form and the field rules, 15 KB gzip) are chunks of their own, out of
 * the page's initial JavaScript (docs/decisions/039-deferred-hydration.md): a visitor never sees
 * them; for a member they are fetched as the page first renders, beside its points and rewards
 * calls, so the convert form (below the rewards) and the redeem dialog (on a click) are in by then.
 */
const ConvertForm = preloadable(() => import('./convert-form').then((m) => m.ConvertForm));
const RedeemDialog = preloadable(() => import('./redeem-dialog').then((m) => m.RedeemDialog));

export function PointMallPage() {
  const { t } = useTranslation('pointMall');
  const auth = useAuth();
  const { currencySymbol } = usePermission();
  const member = !!auth.token && !auth.isGuest;
  const balance = useQuery({ ...pointsBalanceQuery, enabled: member });
  const rewards = useQuery({ ...pointsRewardsQuery, enabled: member });
  const [redeeming, setRedeeming] = useState<RedeemTarget | null>(null);
  const points = balance.data?.points ?? 0;
  useEffect(() => {
    if (!member) return;
    void ConvertForm.preload().catch(() => {});
    void RedeemDialog.preload().catch(() => {});
  }, [member]);

  return (
    <div className="page point-mall">
      <header className="page-head">
        <h1 className="page-title">{t('title')}</h1>
        <p className="page-lead">{t('lead')}</p>
      </header>

      {!member ? (
        <section className="card card--pad point-mall__prompt">
          <Icon name="gift" size={40} />
          <h2>{auth.isGuest ? t('guest_title') : t('login_title')}</h2>
          <p className="muted">{auth.isGuest ? t('guest_text') : t('login_text')}</p>
          <button type="button" className="btn btn--primary btn--lg" onClick={() => auth.requireLogin()}>
            {auth.isGuest ? t('ok') : t('login')}
          </button>
        </section>
      ) : (
        <>
          <section className="point-mall__balance" aria-label={t('my_points')}>
            <div>
              <p className="point-mall__label">{t('my_points')}</p>
              <p className="point-mall__points" data-testid="points-balance">
                {balance.data ? formatNumber(balance.data.points) : <Skeleton width={120} height={36} />}
              </p>
            </div>
            {balance.data && balance.data.expiring > 0 ? (
              <p className="point-mall__expiring">{t('expiring', { points: formatNumber(balance.data.expiring) })}</p>
            ) : null}
          </section>
          <h2 className="section-title">{t('rewards')}</h2>
          {rewards.isError ? (
            <ErrorState error={rewards.error} onRetry={() => void rewards.refetch()} />
          ) : rewards.isPending ? (
            <SkeletonGrid count={8} height={220} />
          ) : rewards.data.length === 0 ? (
            <p className="muted">{t('no_rewards')}</p>
          ) : (
            <ul className="reward-grid">
              {rewards.data.map((r) => (
                <li key={r.rewardId} className="reward-card">
                  <LazyImage src={r.image} alt="" className="reward-card__img" width={240} height={140} />
                  <div className="reward-card__body">
                    <h3 className="reward-card__name">
                      <bdi>{r.name}</bdi>
                    </h3>
                    {/* A non-cash reward (goods, a top-up) has no wallet value to show: never "$0.00". */}
                    {r.amount > 0 ? <p className="reward-card__value">{formatMoney(r.amount, currencySymbol)}</p> : null}
                    <p className="reward-card__meta">
                      <span className="reward-card__points">{t('points', { points: formatNumber(r.points) })}</span>
                      <span className="muted">{r.stock > 0 ? t('stock', { count: r.stock }) : t('out_of_stock')}</span>
                    </p>
                    <button
                      type="button"
                      className="btn btn--outline btn--block btn--sm"
                      disabled={r.stock === 0 || !balance.data}
                      aria-label={t('redeem_named', { name: r.name })}
                      onClick={() => setRedeeming({ rewardId: r.rewardId, name: r.name, points: r.points, stock: r.stock })}
                    >
                      {r.stock === 0 ? t('out_of_stock') : r.points > points ? t('need_more', { points: formatNumber(r.points - points) }) : t('redeem')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className="point-mall__lower">
            <section className="card card--pad point-mall__convert">
              <Suspense fallback={<Skeleton height={160} />}>
                <ConvertForm.Component available={points} />
              </Suspense>
            </section>
            <RedemptionList />
          </div>
          {redeeming ? (
            <Suspense fallback={null}>
              <RedeemDialog.Component reward={redeeming} available={points} onClose={() => setRedeeming(null)} />
            </Suspense>
          ) : null}
        </>
      )}
    </div>
  );
}
