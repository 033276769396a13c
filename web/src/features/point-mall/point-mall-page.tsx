/**
 * /pointMall shell (spec section 2 "Points and other screens"): points balance and rewards for
 * members, a login prompt for visitors. Redemption, conversion and the redemption list (with
 * their password checks) come with the points work.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { client, unwrap } from '../../api/client';
import { usePermission } from '../../api/queries/system';
import { useAuth } from '../../session/auth';
import { ErrorState } from '../../ui/error-state';
import { formatMoney, formatNumber } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { LazyImage } from '../../ui/lazy-image';
import { SkeletonGrid, Skeleton } from '../../ui/spinner';
import './point-mall.css';

const pointsBalanceQuery = { queryKey: ['me', 'points', 'balance'], queryFn: () => unwrap(client.GET('/wps/points/balance')) };
const rewardsQuery = { queryKey: ['me', 'points', 'rewards'], queryFn: () => unwrap(client.GET('/wps/points/rewards')) };

export function PointMallPage() {
  const { t } = useTranslation('pointMall');
  const auth = useAuth();
  const { currencySymbol } = usePermission();
  const member = !!auth.token && !auth.isGuest;
  const balance = useQuery({ ...pointsBalanceQuery, enabled: member });
  const rewards = useQuery({ ...rewardsQuery, enabled: member });

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
                    <h3 className="reward-card__name">{r.name}</h3>
                    <p className="reward-card__value">{formatMoney(r.amount, currencySymbol)}</p>
                    <p className="reward-card__meta">
                      <span className="reward-card__points">{t('points', { points: formatNumber(r.points) })}</span>
                      <span className="muted">{t('stock', { count: r.stock })}</span>
                    </p>
                    <button type="button" className="btn btn--outline btn--block btn--sm" disabled title={t('redeem_soon')}>
                      {t('redeem')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
