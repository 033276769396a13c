/**
 * The agent centre of spec section 2: a modal with the menu on the left, the page on the right and a
 * close button. Only agent accounts (isAgent 1, 2, 41, 42) get in; others read 'Non-agents cannot log
 * in', guests 'Please Register An Account First' (spec sections 6 and 8). The contract pages show
 * only when their module flag is on (DIVIDEND3, DAILYSALARY3, HOURSALARY3, REALTIMESALARY3).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { memberInfoQuery } from '../../api/queries/member';
import { isFlagOn, usePermission } from '../../api/queries/system';
import type { Member } from '../../api/types';
import { useAuth } from '../../app/auth';
import { ui } from '../../app/ui-store';
import { ErrorState } from '../../ui/error-state';
import { Icon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { Skeleton } from '../../ui/spinner';
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
import '../../ui/centre/centre.css';
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
          {t('agentCentre:log_in')}
        </button>
      </Blocked>
    );
  } else if (auth.isGuest) {
    body = <Blocked message={t('errors:register_first')} />;
  } else if (info.isError && !info.data) {
    body = <ErrorState error={info.error} onRetry={() => void info.refetch()} />;
  } else if (!info.data) {
    body = <FrameSkeleton />;
  } else if (!auth.isAgentAccount) {
    body = <Blocked message={t('errors:agent.not.agent')} />;
  } else {
    body = <AgentFrame member={info.data} page={page} />;
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('agentCentre:title')}
      size="xl"
      className="centre-modal ac-modal"
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
        <Icon name="agent" size={34} />
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
        <Skeleton height={110} radius={14} className="centre__side-skeleton" />
        {Array.from({ length: 9 }, (_, i) => (
          <Skeleton key={i} height={36} radius={10} className="centre__side-skeleton" />
        ))}
      </div>
      <div className="centre__pane">
        <Skeleton height={28} width="40%" />
      </div>
    </div>
  );
}

function AgentFrame({ member, page }: { member: Member; page: string }) {
  const { t } = useTranslation('agentCentre');
  const permission = usePermission();
  const items = AGENT_MENU.filter((i) => !('flag' in i) || isFlagOn(permission, i.flag)).map(
    (i) => i.page,
  );
  const current: AgentPage = isAgentPage(page) && items.includes(page) ? page : HOME;
  const paneRef = useRef<HTMLDivElement>(null);
  const Page = PAGES[current];

  useEffect(() => {
    paneRef.current?.scrollTo({ top: 0 });
  }, [current]);

  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(member.affiliateCode);
      toast.success(t('copied'));
    } catch {
      toast.error(t('copy_failed'));
    }
  };

  return (
    <div className="centre">
      <aside className="centre__side">
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
        <nav aria-label={t('menu_label')}>
          <ul className="centre__menu">
            {items.map((p) => (
              <li key={p}>
                <button
                  type="button"
                  className="centre__item"
                  data-page-id={p}
                  aria-current={p === current ? 'page' : undefined}
                  onClick={() => ui.openCentre('agent', p)}
                >
                  <AgentIcon page={p} size={19} />
                  <span>{t(`menu.${p}`)}</span>
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
