/**
 * Reward center (rewardCenter): the member's activities and every open one, each in one of the
 * activity states with the action that state allows. Joining and applying carry an
 * optional remark of at most 140 characters; a raffle prize is claimed at once.
 *
 * A card's Claim prize and the dialog's Join or Claim keep the focus while their call is under way
 * (busy, not disabled, which would drop the focus to the page, out of the dialog).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateContent } from '../../../i18n';
import { Badge, Empty, PageHead, useMoney } from '../../../ui/centre/parts';
import { BusyButton } from '../../../ui/busy-button';
import { ErrorState } from '../../../ui/error-state';
import { formatDate } from '../../../ui/format';
import { Modal } from '../../../ui/modal';
import { SafeHtml } from '../../../ui/safe-html';
import { Skeleton } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { activityView, statusKey, type ActivityAction } from '../activity';
import { useClaimRaffle } from '../api/claim-raffle';
import { useMyPromotions } from '../api/get-deposit-promotions';
import { useRewardCenter } from '../api/get-reward-center';
import { useJoinPromotion } from '../api/join-promotion';
import { ACTIVITY_COMMENT_MAX_LENGTH } from '../constants';
import { errorText } from '../components/error-text';
import type { RewardPromotion } from '../types';

type Tab = 'mine' | 'all';

export function RewardCenterPage() {
  const { t } = useTranslation('memberCentre');
  const [tab, setTab] = useState<Tab>('mine');
  const [applying, setApplying] = useState<{
    promo: RewardPromotion;
    action: Exclude<ActivityAction, 'prize'>;
  } | null>(null);
  const mine = useRewardCenter();
  const all = useMyPromotions();
  const query = tab === 'mine' ? mine : all;
  const raffle = useClaimRaffle();
  const money = useMoney();
  const tabsId = useId();

  const act = (promo: RewardPromotion, action: ActivityAction) => {
    if (action !== 'prize') return setApplying({ promo, action });
    raffle.mutate(promo.id, {
      onSuccess: (r) => toast.success(t('rewards.prize_claimed', { prize: money(r.prize) })),
      onError: (error) => toast.error(errorText(error)),
    });
  };

  return (
    <>
      <PageHead title={t('menu.rewardCenter')} lead={t('rewards.lead')} />
      <div className="tabs mc-tabs" role="tablist" aria-label={t('menu.rewardCenter')}>
        {(['mine', 'all'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`${tabsId}-${k}`}
            aria-selected={tab === k}
            aria-controls={`${tabsId}-panel`}
            className="tabs__tab"
            onClick={() => setTab(k)}
          >
            {t(`rewards.tab_${k}`)}
            {k === 'mine' && mine.data ? (
              <span className="mc-tabs__count">{mine.data.length}</span>
            ) : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} compact />
        ) : query.isPending ? (
          <div className="mc-promos">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={150} radius={16} />
            ))}
          </div>
        ) : query.data.length === 0 ? (
          <Empty>{tab === 'mine' ? t('rewards.empty_mine') : t('rewards.empty_all')}</Empty>
        ) : (
          <ul className="mc-promos">
            {query.data.map((p) => (
              <PromoCard
                key={p.id}
                promo={p}
                busy={raffle.isPending && raffle.variables === p.id}
                onAct={(action) => act(p, action)}
              />
            ))}
          </ul>
        )}
      </div>
      {applying ? (
        <ApplyDialog
          promo={applying.promo}
          action={applying.action}
          onClose={() => setApplying(null)}
        />
      ) : null}
    </>
  );
}

function PromoCard({
  promo,
  busy,
  onAct,
}: {
  promo: RewardPromotion;
  busy: boolean;
  onAct: (action: ActivityAction) => void;
}) {
  const { t } = useTranslation('memberCentre');
  const [open, setOpen] = useState(false);
  const view = activityView(promo.status, promo.category);
  const detailsId = useId();
  const title = translateContent(promo.title);
  return (
    <li className="mc-promo">
      <img
        className="mc-promo__img"
        src={promo.image}
        alt=""
        width={168}
        height={96}
        loading="lazy"
      />
      <div className="mc-promo__body">
        <div className="mc-promo__top">
          <h5 className="mc-promo__title">
            <bdi>{title}</bdi>
          </h5>
          <Badge tone={view.tone}>
            {t(`activity.${statusKey(promo.status)}` as 'activity.join')}
          </Badge>
        </div>
        <p className="mc-promo__summary">
          <bdi>{translateContent(promo.summary)}</bdi>
        </p>
        <p className="mc-promo__period">
          {t('rewards.period', {
            start: formatDate(promo.startTime, false),
            end: formatDate(promo.endTime, false),
          })}
        </p>
        <div className="mc-promo__actions">
          {view.action ? (
            <BusyButton
              className="btn btn--primary btn--sm"
              busy={busy}
              onClick={() => onAct(view.action as ActivityAction)}
              aria-label={`${t(`rewards.action_${view.action}`)}: ${title}`}
            >
              {t(`rewards.action_${view.action}`)}
            </BusyButton>
          ) : (
            <span className="mc-promo__state-text">
              {t(`activity_hint.${statusKey(promo.status)}` as 'activity_hint.join')}
            </span>
          )}
          <button
            type="button"
            className="link-btn mc-link-btn"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? t('rewards.hide_details') : t('rewards.details')}
          </button>
        </div>
        {open ? (
          <div id={detailsId} className="mc-promo__details">
            <SafeHtml html={promo.content} />
          </div>
        ) : null}
      </div>
    </li>
  );
}

function ApplyDialog({
  promo,
  action,
  onClose,
}: {
  promo: RewardPromotion;
  action: 'join' | 'apply';
  onClose: () => void;
}) {
  const { t } = useTranslation('memberCentre');
  const join = useJoinPromotion();
  const [comment, setComment] = useState('');
  const id = useId();
  const length = [...comment].length;
  const tooLong = length > ACTIVITY_COMMENT_MAX_LENGTH;

  const submit = () => {
    if (tooLong || join.isPending) return;
    const text = comment.trim();
    join.mutate(
      { id: promo.id, ...(text ? { comment: text } : {}) },
      {
        onSuccess: (p) => {
          toast.success(t(p.status === 'applying' ? 'rewards.applied' : 'rewards.joined'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      size="md"
      onClose={onClose}
      title={t(action === 'join' ? 'rewards.join_title' : 'rewards.apply_title')}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('form.cancel')}
          </button>
          <BusyButton className="btn btn--primary" onClick={submit} disabled={tooLong} busy={join.isPending}>
            {join.isPending ? t('form.working') : t(`rewards.action_${action}`)}
          </BusyButton>
        </>
      }
    >
      <div className="centre-form">
        <p className="mc-apply__promo">{translateContent(promo.title)}</p>
        <div className="field">
          <label className="field__label" htmlFor={id}>
            {t('rewards.remark')} <span className="muted">{t('form.optional')}</span>
          </label>
          <textarea
            id={id}
            className="mc-textarea"
            rows={4}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder={t('rewards.remark_placeholder')}
            aria-describedby={`${id}-count`}
            aria-invalid={tooLong || undefined}
            data-autofocus
          />
          <p id={`${id}-count`} className={`mc-counter${tooLong ? ' mc-counter--over' : ''}`}>
            {t('rewards.remark_count', { count: length, max: ACTIVITY_COMMENT_MAX_LENGTH })}
          </p>
          {/* Over-long text is refused with a message, never cut. */}
          {tooLong ? (
            <p className="field__error" role="alert">
              {t('rewards.remark_too_long', { max: ACTIVITY_COMMENT_MAX_LENGTH })}
            </p>
          ) : null}
        </div>
        {join.isError ? (
          <p className="form__alert" role="alert">
            {errorText(join.error)}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
