/** Transaction details (agentDownlineTransactionDetailsCopy): every wallet movement of the team, or one downline's. */
import { useTranslation } from 'react-i18next';
import { translateContent } from '../../../i18n';
import { Amount, Badge, useMoney, When } from '../../../ui/centre/parts';
import type { Column } from '../../../ui/centre/record-table';
import { useDownlineTransactions } from '../api/get-downline-transactions';
import { TeamReport, useTeamReportFilter } from '../components/team-report';
import { kindLabel, txStatusLabel, txStatusTone } from '../labels';
import type { TeamTransaction } from '../types';

export function TransactionsPage() {
  const { t } = useTranslation('agentCentre');
  const filter = useTeamReportFilter();
  const money = useMoney();
  const rows = useDownlineTransactions(filter.params);

  const columns: Column<TeamTransaction>[] = [
    { key: 'time', header: t('col.time'), cell: (r) => <When ms={r.time} /> },
    { key: 'account', header: t('col.account'), cell: (r) => <span dir="ltr">{r.account}</span> },
    {
      key: 'kind',
      header: t('col.type'),
      cell: (r) => (
        <span className={`centre-kind centre-kind--${r.kind}`}>{kindLabel(t, r.kind)}</span>
      ),
    },
    {
      key: 'amount',
      header: t('col.amount'),
      numeric: true,
      cell: (r) => <Amount value={r.amount} />,
    },
    {
      key: 'after',
      header: t('col.balance_after'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.balanceAfter)}</bdi>,
    },
    {
      key: 'status',
      header: t('col.status'),
      cell: (r) => <Badge tone={txStatusTone(r.status)}>{txStatusLabel(t, r.status)}</Badge>,
    },
    {
      key: 'remark',
      header: t('col.remark'),
      wrap: true,
      cell: (r) => <bdi>{translateContent(r.remark)}</bdi>,
    },
  ];

  return (
    <TeamReport
      title={t('menu.agentDownlineTransactionDetailsCopy')}
      lead={t('reports.transactions_lead')}
      filter={filter}
      query={rows}
      columns={columns}
      rowKey={(r) => r.id}
    />
  );
}
