/**
 * /promotions: promotions by category; `?id=` (from a registration promotion banner)
 * opens that promotion in a modal over the list.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorState, loadError } from '../../ui/error-state';
import { LazyImage } from '../../ui/lazy-image';
import { Modal } from '../../ui/modal';
import { SafeHtml } from '../../ui/deferred-safe-html';
import { Skeleton, SkeletonGrid } from '../../ui/spinner';
import { promotionQuery, promotionsQuery } from './api';
import { JoinButton, PromoDates, PromoStatus } from './promo-parts';
import './promotions.css';
import { paths } from '../../config/paths';

function PromoModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('promotions');
  const promo = useQuery(promotionQuery(id));
  return (
    <Modal open onClose={onClose} title={promo.data?.title ?? t('title')} size="lg">
      {promo.isError ? (
        <ErrorState error={promo.error} />
      ) : promo.isPending ? (
        <Skeleton height={260} radius={12} />
      ) : (
        <div className="promo-detail promo-detail--modal">
          <LazyImage src={promo.data.image} alt="" className="promo-detail__image" eager />
          <PromoDates promo={promo.data} />
          <SafeHtml html={promo.data.content} />
          <div className="promo-detail__actions">
            <JoinButton promo={promo.data} />
          </div>
        </div>
      )}
    </Modal>
  );
}

export function PromotionsPage() {
  const { t } = useTranslation('promotions');
  const [params, setParams] = useSearchParams();
  const promos = useQuery(promotionsQuery);
  const [category, setCategory] = useState<string>('all');
  const openId = Number(params.get('id'));
  const categories = [...new Set((promos.data ?? []).map((p) => p.category))];
  const shown = (promos.data ?? []).filter((p) => category === 'all' || p.category === category);

  return (
    <div className="page promotions">
      <header className="page-head">
        <h1 className="page-title">{t('title')}</h1>
        <p className="page-lead">{t('lead')}</p>
      </header>
      {categories.length > 1 ? (
        <div className="chips" role="group" aria-label={t('filter')}>
          {['all', ...categories].map((c) => (
            <button key={c} type="button" className="chips__chip" aria-pressed={category === c} onClick={() => setCategory(c)}>
              {t(`category_${c.toLowerCase()}` as 'category_all', { defaultValue: c.replace(/_/g, ' ').toLowerCase() })}
            </button>
          ))}
        </div>
      ) : null}
      {loadError(promos) ? (
        <ErrorState error={loadError(promos)} onRetry={() => void promos.refetch()} />
      ) : promos.isPending ? (
        <SkeletonGrid count={6} height={300} />
      ) : shown.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <ul className="promo-grid">
          {shown.map((p) => (
            <li key={p.id} className="promo-card">
              <Link to={paths.promoDetail(p.id)} className="promo-card__link">
                <LazyImage src={p.image} alt="" className="promo-card__image" />
                <div className="promo-card__body">
                  <PromoStatus status={p.status} />
                  <h2 className="promo-card__title">{p.title}</h2>
                  <p className="promo-card__summary">{p.summary}</p>
                  <PromoDates promo={p} />
                  <span className="promo-card__more">{t('details')}</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {Number.isInteger(openId) && openId > 0 ? (
        <PromoModal
          id={openId}
          onClose={() => {
            const next = new URLSearchParams(params);
            next.delete('id');
            setParams(next, { replace: true });
          }}
        />
      ) : null}
    </div>
  );
}
