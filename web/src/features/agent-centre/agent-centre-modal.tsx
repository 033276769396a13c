/**
 * The agent centre: a modal with the menu on the left, the page on the right and a
 * close button. Only agent accounts (isAgent 1, 2, 41, 42) get in; others read 'Non-agents cannot log
 * in', guests 'Please Register An Account First'. The contract pages show
 * only when their module flag is on (DIVIDEND3, DAILYSALARY3, HOURSALARY3, REALTIMESALARY3).
 */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { isFlagOn, usePermission } from '../../api/queries/system';
import type { Member } from '../../api/types';
import { useAuth } from '../../session/auth';
import { CentreGate } from '../../session/centre/centre-gate';
import { ui } from '../../session/ui-store';
import {
  CentreBlocked,
  CentreFrame,
  CentreModal,
  CentreSkeleton,
} from '../../ui/centre/centre-frame';
import { Icon } from '../../ui/icons';
import { toast } from '../../ui/toast';
import { AgentIcon } from './components/agent-icon';
import { AnnouncementsPage } from './pages/announcements';
import { DividendPage } from './pages/dividend';
import { ProfitLossPage } from './pages/profit-loss';
import { RegisterCenterPage } from './pages/register-center';
import { RevenuePage } from './pages/revenue';
import { SalaryPage } from './pages/salary';
import { TeamBettingPage } from './pages/team-betting';
import { TeamManagementPage } from './pages/team-management';
import { TeamOverviewPage } from './pages/team-overview';
import { TransactionsPage } from './pages/transactions';
import { AGENT_MENU, isAgentPage, type AgentPage } from './types';
import './agent-centre.css';

const PAGES: Record<AgentPage, ComponentType> = {
  agentAnnouncement: AnnouncementsPage,
  agentTeamOverview: TeamOverviewPage,
  registerCenter: RegisterCenterPage,
  downlineManagmentView: TeamManagementPage,
  personalHistoryCopy: TeamBettingPage,
  palStatementsAgentCopy: ProfitLossPage,
  agentRevenueReport: RevenuePage,
  agentDownlineTransactionDetailsCopy: TransactionsPage,
  agentDividendRecordCopy2: DividendPage,
  agentDailyWages2: () => <SalaryPage kind="dailySalary" />,
  agentHourSalary: () => <SalaryPage kind="hourSalary" />,
  agentRealtimeSalary: () => <SalaryPage kind="realtimeSalary" />,
};

/** Where the centre opens when the requested page is unknown or switched off. */
const HOME: AgentPage = 'agentTeamOverview';

export default function AgentCentreModal({ page, onClose }: { page: string; onClose: () => void }) {
  const { t } = useTranslation(['agentCentre', 'errors']);
  const auth = useAuth();
  return (
    <CentreModal title={t('agentCentre:title')} onClose={onClose} className="ac-modal">
      <CentreGate
        icon="agent"
        loginLabel={t('agentCentre:log_in')}
        skeleton={<CentreSkeleton profileHeight={110} menuRows={9} />}
        onClose={onClose}
      >
        {(member) =>
          auth.isAgentAccount ? (
            <AgentFrame member={member} page={page} />
          ) : (
            <CentreBlocked icon="agent" message={t('errors:agent.not.agent')} />
          )
        }
      </CentreGate>
    </CentreModal>
  );
}

function AgentFrame({ member, page }: { member: Member; page: string }) {
  const { t } = useTranslation('agentCentre');
  const permission = usePermission();
  const items = AGENT_MENU.filter((i) => !('flag' in i) || isFlagOn(permission, i.flag)).map(
    (i) => i.page,
  );
  const current: AgentPage = isAgentPage(page) && items.includes(page) ? page : HOME;
  const Page = PAGES[current];

  return (
    <CentreFrame
      profile={<ProfileCard member={member} />}
      menuLabel={t('menu_label')}
      items={items.map((p) => ({
        page: p,
        icon: <AgentIcon page={p} size={19} />,
        label: t(`menu.${p}`),
      }))}
      current={current}
      onSelect={(p) => ui.openCentre('agent', p)}
    >
      <Page />
    </CentreFrame>
  );
}

function ProfileCard({ member }: { member: Member }) {
  const { t } = useTranslation('agentCentre');

  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(member.affiliateCode);
      toast.success(t('copied'));
    } catch {
      toast.error(t('copy_failed'));
    }
  };

  return (
    <div className="ac-profile">
      <span className="ac-profile__avatar" aria-hidden="true">
        <Icon name="agent" size={22} />
      </span>
      <div className="ac-profile__names">
        <strong className="ac-profile__name">{member.nickname || member.account}</strong>
        <span className="ac-profile__account" dir="ltr">
          {member.account}
        </span>
      </div>
      <span className="ac-profile__type">
        {t(`agent_type.${member.isAgent}` as 'agent_type.1', {
          defaultValue: t('agent_type.1'),
        })}
      </span>
      {member.affiliateCode ? (
        <button
          type="button"
          className="ac-profile__code"
          onClick={() => void copyCode()}
          aria-label={t('copy_code_of', { code: member.affiliateCode })}
        >
          <span>{t('affiliate_code')}</span>
          <strong dir="ltr">{member.affiliateCode}</strong>
        </button>
      ) : null}
    </div>
  );
}
