/** Pieces shared by the promotions list and detail: status chip, date range, join button. */
import { useTranslation } from 'react-i18next';
import type { Promotion } from '../../api/types';
import { useAuth } from '../../session/auth';
import { describeError } from '../../ui/error-state';
import { formatDate } from '../../ui/format';
import { toast } from '../../ui/toast';
import { useJoinPromotion } from './api';

export function PromoStatus({ status }: { status: Promotion['status'] }) {
  const { t } = useTranslation('promotions');
  return <span className={`promo-status promo-status--${status.replace(' ', '-')}`}>{t(`status_${status.replace(' ', '_')}` as 'status_join')}</span>;
}

export function PromoDates({ promo }: { promo: Promotion }) {
  const { t } = useTranslation('promotions');
  return (
    <p className="promo-dates">
      {t('period', { start: formatDate(promo.startTime, false), end: formatDate(promo.endTime, false) })}
    </p>
  );
}

/** Join or apply, by activity state: only 'join' and 'claim' act. */
export function JoinButton({ promo }: { promo: Promotion }) {
  const { t } = useTranslation('promotions');
  const auth = useAuth();
  const join = useJoinPromotion();
  const actionable = promo.status === 'join' || promo.status === 'claim';
  return (
    <button
      type="button"
      className="btn btn--primary btn--lg"
      disabled={!actionable || join.isPending}
      onClick={() => {
        if (!auth.requireLogin()) return;
        join.mutate(promo.id, {
          onSuccess: () => toast.success(t('joined_toast')),
          onError: (error) => toast.error(describeError(error)),
        });
      }}
    >
      {actionable ? t(promo.status === 'claim' ? 'claim_now' : 'join_now') : t(`status_${promo.status.replace(' ', '_')}` as 'status_join')}
    </button>
  );
}
