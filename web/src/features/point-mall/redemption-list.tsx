/**
 * The redemption list (points, amount, status, time, remark), newest first, paged.
 * Statuses are the gateway's In Process / Rejected / Approved, translated; a reward without a cash
 * value shows no amount rather than "$0.00".
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../api/queries/system';
import { Badge, When, type Tone } from '../../ui/centre/parts';
import { RecordTable, type Column } from '../../ui/centre/record-table';
import { formatMoney, formatNumber } from '../../ui/format';
import { redemptionsQuery, type Redemption } from './api';

const STATUS: Record<Redemption['status'], { tone: Tone; key: 'status_in_process' | 'status_rejected' | 'status_approved' }> = {
  'In Process': { tone: 'pending', key: 'status_in_process' },
  Rejected: { tone: 'danger', key: 'status_rejected' },
  Approved: { tone: 'success', key: 'status_approved' },
};

export function RedemptionList() {
  const { t } = useTranslation('pointMall');
  const { currencySymbol } = usePermission();
  const [page, setPage] = useState(1);
  const list = useQuery(redemptionsQuery(page));

  const columns: Column<Redemption>[] = [
    { key: 'reward', header: t('col_reward'), cell: (r) => <bdi>{r.rewardName}</bdi>, wrap: true },
    { key: 'points', header: t('col_points'), cell: (r) => formatNumber(r.points), numeric: true },
    { key: 'amount', header: t('col_amount'), cell: (r) => (r.amount > 0 ? formatMoney(r.amount, currencySymbol) : '—'), numeric: true },
    { key: 'status', header: t('col_status'), cell: (r) => <Badge tone={STATUS[r.status].tone}>{t(STATUS[r.status].key)}</Badge> },
    { key: 'time', header: t('col_time'), cell: (r) => <When ms={r.time} /> },
    { key: 'remark', header: t('col_remark'), cell: (r) => (r.remark ? <bdi>{r.remark}</bdi> : '—'), wrap: true },
  ];

  return (
    <section aria-labelledby="point-mall-redemptions">
      <h2 id="point-mall-redemptions" className="section-title">
        {t('redemptions')}
      </h2>
      <RecordTable
        ns="pointMall"
        caption={t('redemptions')}
        columns={columns}
        rows={list.data?.list}
        rowKey={(r) => r.id}
        isPending={list.isPending}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={t('no_redemptions')}
        page={page}
        totalPages={list.data?.totalPages}
        onPage={setPage}
      />
    </section>
  );
}
