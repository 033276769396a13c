/** Overview (agentTeamOverview): the team's size and activity, its money figures and my income. */
import { useTranslation } from 'react-i18next';
import { ui } from '../../../session/ui-store';
import { Amount, PageHead, Stat, useMoney } from '../../../ui/centre/parts';
import { ErrorState } from '../../../ui/error-state';
import { Icon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/spinner';
import { useAgentRevenue } from '../api/get-agent-revenue';
import { useTeamOverview } from '../api/get-team-overview';
import { formatNumber } from '../../../ui/format';

export function TeamOverviewPage() {
  const { t } = useTranslation('agentCentre');
  const overview = useTeamOverview();
  const revenue = useAgentRevenue();
  const money = useMoney();

  if (overview.isError)
    return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;
  const o = overview.data;

  return (
    <>
      <PageHead
        title={t('menu.agentTeamOverview')}
        lead={t('overview.lead')}
        actions={
          <>
            <button
              type="button"
              className="btn btn--primary btn--sm"
              onClick={() => ui.openCentre('agent', 'registerCenter')}
            >
              <Icon name="referral" size={16} />
              {t('overview.open_account')}
            </button>
            <button
              type="button"
              className="btn btn--outline btn--sm"
              onClick={() => ui.openCentre('agent', 'downlineManagmentView')}
            >
              {t('menu.downlineManagmentView')}
            </button>
          </>
        }
      />
      {!o ? (
        <>
          <Skeleton height={140} radius={18} />
          <div className="centre-stats">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} height={92} radius={14} />
            ))}
          </div>
        </>
      ) : (
        <>
          <div className="ac-hero">
            <div className="ac-hero__figure">
              <span className="ac-hero__label">{t('overview.team_size')}</span>
              <strong className="ac-hero__value" data-testid="team-size">
                {formatNumber(o.teamSize)}
              </strong>
              <span className="ac-hero__sub">
                {t('overview.team_size_hint', { direct: o.directMembers })}
              </span>
            </div>
            <div className="ac-hero__figure">
              <span className="ac-hero__label">{t('overview.team_balance')}</span>
              <strong className="ac-hero__value" dir="ltr">
                {money(o.teamBalance)}
              </strong>
              <span className="ac-hero__sub">{t('overview.team_balance_hint')}</span>
            </div>
            <div className="ac-hero__figure">
              <span className="ac-hero__label">{t('overview.my_income')}</span>
              <strong className="ac-hero__value" dir="ltr">
                {revenue.data ? money(revenue.data.total) : '…'}
              </strong>
              <span className="ac-hero__sub">{t('overview.my_income_hint')}</span>
            </div>
          </div>
          <section aria-labelledby="ac-members" className="centre-section">
            <h4 className="centre-card__title" id="ac-members">
              {t('overview.members')}
            </h4>
            <div className="centre-stats centre-stats--3">
              <Stat
                label={t('overview.direct_members')}
                value={formatNumber(o.directMembers)}
              />
              <Stat
                label={t('overview.active_members')}
                value={formatNumber(o.activeMembers)}
                hint={t('overview.active_hint')}
              />
              <Stat
                label={t('overview.new_today')}
                value={formatNumber(o.newMembersToday)}
              />
            </div>
          </section>
          <section aria-labelledby="ac-money" className="centre-section">
            <h4 className="centre-card__title" id="ac-money">
              {t('overview.money')}
            </h4>
            <div className="centre-stats">
              <Stat
                label={t('overview.team_deposit')}
                value={<bdi dir="ltr">{money(o.teamDeposit)}</bdi>}
              />
              <Stat
                label={t('overview.team_withdraw')}
                value={<bdi dir="ltr">{money(o.teamWithdraw)}</bdi>}
              />
              <Stat
                label={t('overview.team_valid_bet')}
                value={<bdi dir="ltr">{money(o.teamValidBet)}</bdi>}
              />
              <Stat
                label={t('overview.team_profit')}
                value={<Amount value={o.teamProfit} />}
                tone={o.teamProfit >= 0 ? 'pos' : 'neg'}
                hint={t('overview.team_profit_hint')}
              />
            </div>
          </section>
        </>
      )}
    </>
  );
}
