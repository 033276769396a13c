/** Team betting (personalHistoryCopy in the agent centre): the team's bets, newest first, or one downline's. */
import { useTranslation } from 'react-i18next';
import { translateContent } from '../../../i18n';
import { Amount, useMoney, When } from '../../../ui/centre/parts';
import type { Column } from '../../../ui/centre/record-table';
import { useTeamBetting } from '../api/get-team-betting';
import { TeamReport, useTeamReportFilter } from '../components/team-report';
import { gameTypeLabel } from '../labels';
import type { TeamBet } from '../types';

export function TeamBettingPage() {
  const { t } = useTranslation('agentCentre');
  const filter = useTeamReportFilter();
  const money = useMoney();
  const bets = useTeamBetting(filter.params);

  const columns: Column<TeamBet>[] = [
    { key: 'time', header: t('col.time'), cell: (r) => <When ms={r.time} /> },
    { key: 'account', header: t('col.account'), cell: (r) => <span dir="ltr">{r.account}</span> },
    {
      key: 'game',
      header: t('col.game'),
      cell: (r) => (
        <div className="centre-cell-2">
          <bdi className="centre-cell-2__main">{translateContent(r.gameName)}</bdi>
          <span>
            {r.vendor} · {gameTypeLabel(t, r.gameType)}
          </span>
        </div>
      ),
    },
    {
      key: 'bet',
      header: t('col.bet'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.betAmount)}</bdi>,
    },
    {
      key: 'valid',
      header: t('col.valid_bet'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.validBet)}</bdi>,
    },
    {
      key: 'win',
      header: t('col.win'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.winAmount)}</bdi>,
    },
    {
      key: 'profit',
      header: t('col.profit'),
      numeric: true,
      cell: (r) => <Amount value={r.profit} />,
    },
  ];

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
