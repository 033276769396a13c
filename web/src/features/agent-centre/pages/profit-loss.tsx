/** User profit and loss (palStatementsAgentCopy): each team member's deposits, bets, wins, bonuses and result. */
import { useTranslation } from 'react-i18next';
import { Amount, useMoney } from '../../../ui/centre/parts';
import type { Column } from '../../../ui/centre/record-table';
import { useTeamProfitLoss } from '../api/get-team-profit-loss';
import { TeamReport, useTeamReportFilter } from '../components/team-report';
import type { ProfitLossRow } from '../types';

export function ProfitLossPage() {
  const { t } = useTranslation('agentCentre');
  const filter = useTeamReportFilter();
  const money = useMoney();
  const rows = useTeamProfitLoss(filter.params);

  const columns: Column<ProfitLossRow>[] = [
    {
      key: 'account',
      header: t('col.account'),
      cell: (r) => <strong dir="ltr">{r.account}</strong>,
    },
    {
      key: 'deposit',
      header: t('col.deposit'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.deposit)}</bdi>,
    },
    {
      key: 'withdraw',
      header: t('col.withdraw'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.withdraw)}</bdi>,
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
      cell: (r) => <bdi dir="ltr">{money(r.win)}</bdi>,
    },
    {
      key: 'bonus',
      header: t('col.bonus'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.bonus)}</bdi>,
    },
    {
      key: 'profit',
      header: t('col.profit'),
      numeric: true,
      cell: (r) => <Amount value={r.profit} strong />,
    },
  ];

  return (
    <TeamReport
      title={t('menu.palStatementsAgentCopy')}
      lead={t('reports.profit_lead')}
      filter={filter}
      query={rows}
      columns={columns}
      rowKey={(r) => r.account}
    />
  );
}
