/** /promoDetail?id=: one promotion, its sanitised content and the join action. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorState } from '../../ui/error-state';
import { Icon } from '../../ui/icons';
import { LazyImage } from '../../ui/lazy-image';
import { SafeHtml } from '../../ui/deferred-safe-html';
import { Skeleton } from '../../ui/spinner';
import { promotionQuery } from './api';
import { JoinButton, PromoDates, PromoStatus } from './promo-parts';
import './promotions.css';
import { paths } from '../../config/paths';

export function PromoDetailPage() {
  const { t } = useTranslation('promotions');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const promo = useQuery({ ...promotionQuery(valid ? id : 0), enabled: valid });

  return (
    <div className="page page--narrow">
      <Link to={paths.promotions()} className="back-link">
        <Icon name="arrow" size={16} className="flip-rtl" />
        {t('back')}
      </Link>
      {!valid ? (
        <p className="muted">{t('not_found')}</p>
      ) : promo.isError ? (
        <ErrorState error={promo.error} onRetry={() => void promo.refetch()} />
      ) : promo.isPending ? (
        <div className="stack">
          <Skeleton height={260} radius={16} />
          <Skeleton height={28} width="60%" />
          <Skeleton height={120} />
        </div>
      ) : (
        <article className="card promo-detail">
          <LazyImage src={promo.data.image} alt="" className="promo-detail__image" eager />
          <div className="promo-detail__body">
            <PromoStatus status={promo.data.status} />
            <h1 className="page-title">{promo.data.title}</h1>
            <PromoDates promo={promo.data} />
            <p className="page-lead">{promo.data.summary}</p>
            <SafeHtml html={promo.data.content} />
            <div className="promo-detail__actions">
              <JoinButton promo={promo.data} />
            </div>
          </div>
        </article>
      )}
    </div>
  );
}
