/**
 * The member (personal) centre of spec section 2: a large modal with the menu on the left and the
 * selected page on the right. It needs a token and a real account (spec section 6): visitors are
 * asked to log in, guests (isAgent 4) read 'Please Register An Account First'. The menu shows only
 * once the member is loaded; the page follows the UI store, so the header's Deposit and Withdraw
 * buttons switch it while it is open.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarQuery, balanceQuery, memberInfoQuery } from '../../api/queries/member';
import type { Member } from '../../api/types';
import { useAuth } from '../../app/auth';
import { ui } from '../../app/ui-store';
import { useMoney } from '../../ui/centre/parts';
import { ErrorState } from '../../ui/error-state';
import { Icon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { Skeleton } from '../../ui/spinner';
import { useMissionSummary } from './api/get-mission-summary';
import { CentreIcon } from './components/centre-icon';
import { AccountRecordPage } from './pages/account-record';
import { BettingRecordPage } from './pages/betting-record';
import { BonusDetailsPage } from './pages/bonus-details';
import { DepositPage } from './pages/deposit';
import { InviteFriendsPage } from './pages/invite-friends';
import { ManualRebatePage } from './pages/manual-rebate';
import { MissionActivityPage } from './pages/mission-activity';
import { MyWalletPage } from './pages/my-wallet';
import { PersonalProfitPage } from './pages/personal-profit';
import { PlatformMessagesPage } from './pages/platform-messages';
import { RewardCenterPage } from './pages/reward-center';
import { SecurityCenterPage } from './pages/security-center';
import { TransferUplinePage } from './pages/transfer-upline';
import { WithdrawPage } from './pages/withdraw';
import { isMemberPage, MEMBER_PAGES, type MemberPage } from './types';
import '../../ui/centre/centre.css';
import './member-centre.css';

const PAGES: Record<MemberPage, ComponentType> = {
  securityCenter: SecurityCenterPage,
  transferFund: MyWalletPage,
  depositv2: DepositPage,
  withdraw: WithdrawPage,
  transferUpline: TransferUplinePage,
  personalHistoryCopy: BettingRecordPage,
  transactionHistory: AccountRecordPage,
  personalProfit: PersonalProfitPage,
  bonusDetails: BonusDetailsPage,
  rewardCenter: RewardCenterPage,
  referral: InviteFriendsPage,
  missionLeaderboard: MissionActivityPage,
  messageV2: PlatformMessagesPage,
  manualRebate: ManualRebatePage,
};

/** The menu in the spec's order; transfer to upline only for members with toUpline. */
export function menuFor(member: Pick<Member, 'toUpline'>): MemberPage[] {
  return MEMBER_PAGES.filter((p) => p !== 'transferUpline' || member.toUpline);
}

export default function MemberCentreModal({
  page,
  onClose,
}: {
  page: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['memberCentre', 'errors']);
  const auth = useAuth();
  const info = useQuery({ ...memberInfoQuery, enabled: !!auth.token && !auth.isGuest });

  let body: ReactNode;
  if (!auth.token) {
    body = (
      <Blocked message={t('errors:login.not.session')}>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            onClose();
            auth.openLogin();
          }}
        >
          {t('memberCentre:log_in')}
        </button>
      </Blocked>
    );
  } else if (auth.isGuest) {
    body = <Blocked message={t('errors:register_first')} />;
  } else if (info.isError && !info.data) {
    body = <ErrorState error={info.error} onRetry={() => void info.refetch()} />;
  } else if (!info.data) {
    body = <FrameSkeleton />;
  } else {
    body = <CentreFrame member={info.data} page={page} />;
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('memberCentre:title')}
      size="xl"
      className="centre-modal"
      bodyClassName="centre-modal__body"
      draggable={false}
    >
      {body}
    </Modal>
  );
}

function Blocked({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="centre-blocked">
      <span className="centre-blocked__icon" aria-hidden="true">
        <Icon name="shield" size={34} />
      </span>
      <p className="centre-blocked__text" role="alert">
        {message}
      </p>
      {children}
    </div>
  );
}

function FrameSkeleton() {
  return (
    <div className="centre" aria-busy="true">
      <div className="centre__side">
        <Skeleton height={96} radius={14} className="centre__side-skeleton" />
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} height={36} radius={10} className="centre__side-skeleton" />
        ))}
      </div>
      <div className="centre__pane">
        <Skeleton height={28} width="40%" />
        <Skeleton height={180} radius={14} className="centre__pane-skeleton" />
      </div>
    </div>
  );
}

function CentreFrame({ member, page }: { member: Member; page: string }) {
  const { t } = useTranslation('memberCentre');
  const items = menuFor(member);
  const current: MemberPage = isMemberPage(page) && items.includes(page) ? page : 'securityCenter';
  const missions = useMissionSummary(true);
  const missionCount = missions.data?.count ?? 0;
  const paneRef = useRef<HTMLDivElement>(null);
  const Page = PAGES[current];

  useEffect(() => {
    paneRef.current?.scrollTo({ top: 0 });
  }, [current]);

  return (
    <div className="centre">
      <aside className="centre__side">
        <ProfileCard member={member} />
        <nav aria-label={t('menu_label')}>
          <ul className="centre__menu">
            {items.map((p) => (
              <li key={p}>
                <button
                  type="button"
                  className="centre__item"
                  data-page-id={p}
                  aria-current={p === current ? 'page' : undefined}
                  onClick={() => ui.openCentre('member', p)}
                >
                  <CentreIcon page={p} size={19} />
                  <span className="centre__item-label">{t(`menu.${p}`)}</span>
                  {p === 'missionLeaderboard' && missionCount > 0 ? (
                    <span
                      className="centre__badge"
                      aria-label={t('mission_badge', { count: missionCount })}
                    >
                      {missionCount}
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="centre__pane" ref={paneRef} data-page={current}>
        <section className="centre-page" aria-label={t(`menu.${current}`)}>
          <Page />
        </section>
      </div>
    </div>
  );
}

function ProfileCard({ member }: { member: Member }) {
  const { t } = useTranslation('memberCentre');
  const avatar = useQuery(avatarQuery);
  const balance = useQuery(balanceQuery);
  const money = useMoney();
  const label = member.clubLabel;
  return (
    <div className="mc-profile">
      <div className="mc-profile__who">
        {avatar.data ? (
          <img
            className="mc-profile__avatar"
            src={avatar.data.avatarUrl}
            alt=""
            width={48}
            height={48}
          />
        ) : (
          <span className="mc-profile__avatar mc-profile__avatar--empty" aria-hidden="true">
            {(member.nickname || member.account).slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="mc-profile__names">
          <strong className="mc-profile__name">{member.nickname || member.account}</strong>
          <span className="mc-profile__sub">
            <span className="mc-profile__account" dir="ltr">
              {member.account}
            </span>
            {label.labelName ? (
              <span
                className="chip mc-profile__chip"
                style={{ background: `linear-gradient(90deg, ${label.color}, ${label.color2})` }}
              >
                {label.labelName}
              </span>
            ) : null}
          </span>
        </div>
      </div>
      <div className="mc-profile__balance">
        <span className="mc-profile__balance-label">{t('total_balance')}</span>
        <strong className="mc-profile__balance-value" dir="ltr">
          {balance.data ? money(balance.data.sumBalance) : '…'}
        </strong>
        <button
          type="button"
          className={`icon-btn icon-btn--sm mc-profile__refresh${balance.isFetching ? ' is-spinning' : ''}`}
          aria-label={t('refresh_balance')}
          title={t('refresh_balance')}
          disabled={balance.isFetching}
          onClick={() => void balance.refetch()}
        >
          <Icon name="refresh" size={15} />
        </button>
      </div>
    </div>
  );
}
