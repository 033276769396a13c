/** My income (agentRevenueReport): commission, dividend and salary per day, and the total. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHead, Stat, useMoney } from '../../../ui/centre/parts';
import { RecordTable, type Column } from '../../../ui/centre/record-table';
import { ErrorState } from '../../../ui/error-state';
import { Skeleton } from '../../../ui/spinner';
import { sumMoney } from '../../../../../openapi/money';
import { useAgentRevenue } from '../api/get-agent-revenue';
import { AGENT_PAGE_SIZE } from '../constants';
import type { RevenueRow } from '../types';

const sum = (rows: readonly RevenueRow[], f: (r: RevenueRow) => number) => sumMoney(rows.map(f));

export function RevenuePage() {
  const { t } = useTranslation('agentCentre');
  const revenue = useAgentRevenue();
  const [page, setPage] = useState(1);
  const money = useMoney();

  if (revenue.isError)
    return <ErrorState error={revenue.error} onRetry={() => void revenue.refetch()} />;
  const rows = revenue.data?.rows;
  const shown = rows?.slice((page - 1) * AGENT_PAGE_SIZE, page * AGENT_PAGE_SIZE);

  const columns: Column<RevenueRow>[] = [
    { key: 'day', header: t('col.day'), cell: (r) => <bdi dir="ltr">{r.day}</bdi> },
    {
      key: 'commission',
      header: t('col.commission'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.commission)}</bdi>,
    },
    {
      key: 'dividend',
      header: t('col.dividend'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.dividend)}</bdi>,
    },
    {
      key: 'salary',
      header: t('col.salary'),
      numeric: true,
      cell: (r) => <bdi dir="ltr">{money(r.salary)}</bdi>,
    },
    {
      key: 'total',
      header: t('col.total'),
      numeric: true,
      cell: (r) => (
        <strong>
          <bdi dir="ltr">{money(r.commission + r.dividend + r.salary)}</bdi>
        </strong>
      ),
    },
  ];

  return (
    <>
      <PageHead title={t('menu.agentRevenueReport')} lead={t('revenue.lead')} />
      <div className="centre-stats">
        {rows && revenue.data ? (
          <>
            <Stat
              label={t('revenue.total')}
              value={<bdi dir="ltr">{money(revenue.data.total)}</bdi>}
              tone="accent"
            />
            <Stat
              label={t('col.commission')}
              value={<bdi dir="ltr">{money(sum(rows, (r) => r.commission))}</bdi>}
            />
            <Stat
              label={t('col.dividend')}
              value={<bdi dir="ltr">{money(sum(rows, (r) => r.dividend))}</bdi>}
            />
            <Stat
              label={t('col.salary')}
              value={<bdi dir="ltr">{money(sum(rows, (r) => r.salary))}</bdi>}
            />
          </>
        ) : (
          Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={88} radius={14} />)
        )}
      </div>
      <RecordTable
        ns="agentCentre"
        caption={t('revenue.by_day')}
        columns={columns}
        rows={shown}
        rowKey={(r) => r.day}
        isPending={revenue.isPending}
        error={revenue.error}
        onRetry={() => void revenue.refetch()}
        empty={t('revenue.empty')}
        page={page}
        totalPages={Math.max(1, Math.ceil((rows?.length ?? 0) / AGENT_PAGE_SIZE))}
        onPage={setPage}
      />
    </>
  );
}
