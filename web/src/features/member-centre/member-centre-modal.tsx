/**
 * The member (personal) centre: a large modal with the menu on the left and the
 * selected page on the right. It needs a token and a real account: visitors are
 * asked to log in, guests (isAgent 4) read 'Please Register An Account First'. The menu shows only
 * once the member is loaded; the page follows the UI store, so the header's Deposit and Withdraw
 * buttons switch it while it is open.
 */
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { avatarQuery, balanceQuery } from '../../api/queries/member';
import { isFlagOn, usePermission } from '../../api/queries/system';
import type { Member } from '../../api/types';
import { CentreGate } from '../../session/centre/centre-gate';
import { ui } from '../../session/ui-store';
import { BusyButton } from '../../ui/busy-button';
import { CentreFrame, CentreModal, CentreSkeleton } from '../../ui/centre/centre-frame';
import { LabelChip } from '../../ui/label-chip';
import { useMoney } from '../../ui/centre/parts';
import { Icon } from '../../ui/icons';
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
import './member-centre.css';
import { paths } from '../../config/paths';

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

/** The menu in MEMBER_PAGES's order; transfer to upline only for members with toUpline. */
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
  const { t } = useTranslation('memberCentre');
  return (
    <CentreModal title={t('title')} onClose={onClose}>
      <CentreGate
        icon="shield"
        loginLabel={t('log_in')}
        skeleton={
          <CentreSkeleton profileHeight={96} menuRows={10}>
            <Skeleton height={180} radius={14} className="centre__pane-skeleton" />
          </CentreSkeleton>
        }
        onClose={onClose}
      >
        {(member) => <MemberFrame member={member} page={page} />}
      </CentreGate>
    </CentreModal>
  );
}

function MemberFrame({ member, page }: { member: Member; page: string }) {
  const { t } = useTranslation('memberCentre');
  const items = menuFor(member);
  const current: MemberPage = isMemberPage(page) && items.includes(page) ? page : 'securityCenter';
  const missions = useMissionSummary(true);
  const missionCount = missions.data?.count ?? 0;
  const Page = PAGES[current];

  return (
    <CentreFrame
      profile={<ProfileCard member={member} />}
      menuLabel={t('menu_label')}
      items={items.map((p) => ({
        page: p,
        icon: <CentreIcon page={p} size={19} />,
        label: t(`menu.${p}`),
        badge:
          p === 'missionLeaderboard' && missionCount > 0
            ? { count: missionCount, label: t('mission_badge', { count: missionCount }) }
            : undefined,
      }))}
      current={current}
      onSelect={(p) => ui.openCentre('member', p)}
    >
      <Page />
    </CentreFrame>
  );
}

export function ProfileCard({ member }: { member: Member }) {
  const { t } = useTranslation('memberCentre');
  const avatar = useQuery(avatarQuery);
  const balance = useQuery(balanceQuery);
  const money = useMoney();
  const label = member.clubLabel;
  const permission = usePermission();
  const navigate = useNavigate();
  const pointsMall = isFlagOn(permission, 'POINTMALL3');
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
              <LabelChip
                text={label.labelName}
                background={[label.color, label.color2]}
                className="mc-profile__chip"
              />
            ) : null}
          </span>
        </div>
      </div>
      <div className="mc-profile__balance">
        <span className="mc-profile__balance-label">{t('total_balance')}</span>
        <strong className="mc-profile__balance-value" dir="ltr">
          {balance.data ? money(balance.data.sumBalance) : '…'}
        </strong>
        {/* Busy, not disabled, while it refreshes: a disabled button would drop the focus to the page. */}
        <BusyButton
          className={`icon-btn icon-btn--sm mc-profile__refresh${balance.isFetching ? ' is-spinning' : ''}`}
          aria-label={t('refresh_balance')}
          title={t('refresh_balance')}
          busy={balance.isFetching}
          onClick={() => void balance.refetch()}
        >
          <Icon name="refresh" size={15} />
        </BusyButton>
      </div>
      {pointsMall ? (
        // The points mall is a page of its own (/pointMall): the centre closes and it opens.
        <button
          type="button"
          className="btn btn--ghost btn--sm mc-profile__points"
          onClick={() => {
            ui.closeCentre();
            void navigate(paths.pointMall());
          }}
        >
          <Icon name="gift" size={16} />
          {t('points_mall')}
        </button>
      ) : null}
    </div>
  );
}
