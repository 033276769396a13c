/** Team betting (personalHistoryCopy in the agent centre): the team's bets, newest first, or one downline's. */
import { useTranslation } from 'react-i18next';
import { useBetColumns } from '../../../ui/centre/record-columns';
import { useTeamBetting } from '../api/get-team-betting';
import { TeamReport, useTeamReportFilter } from '../components/team-report';
import type { TeamBet } from '../types';

export function TeamBettingPage() {
  const { t } = useTranslation('agentCentre');
  const filter = useTeamReportFilter();
  const bets = useTeamBetting(filter.params);

  const columns = useBetColumns<TeamBet>('agentCentre', { account: true });

  return (
    <TeamReport
      title={t('menu.personalHistoryCopy')}
      lead={t('reports.betting_lead')}
      filter={filter}
      query={bets}
      columns={columns}
      rowKey={(r) => r.id}
    />
  );
}
