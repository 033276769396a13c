/** Bonus details (bonusDetails): bonuses and rebates credited in a date range. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateContent } from '../../../i18n';
import { Amount, Badge, PageHead, When } from '../../../ui/centre/parts';
import { pagedQuery, RecordTable, type Column } from '../../../ui/centre/record-table';
import { useBonusDetails } from '../api/get-bonus-details';
import { DateFilter, defaultDateFilter, type DateFilterValue } from '../components/date-filter';
import { kindLabel, txStatusLabel, txStatusTone } from '../labels';
import type { Transaction } from '../types';

export function BonusDetailsPage() {
  const { t } = useTranslation('memberCentre');
  const [range, setRange] = useState<DateFilterValue>(defaultDateFilter);
  const [page, setPage] = useState(1);
  const records = useBonusDetails({
    startTime: range.startTime,
    endTime: range.endTime,
    pageNo: page,
  });

  const columns: Column<Transaction>[] = [
    { key: 'time', header: t('col.time'), cell: (r) => <When ms={r.time} /> },
    {
      key: 'kind',
      header: t('col.type'),
      cell: (r) => (
        <span className={`centre-kind centre-kind--${r.kind}`}>{kindLabel(t, r.kind)}</span>
      ),
    },
    {
      key: 'name',
      header: t('col.bonus'),
      wrap: true,
      cell: (r) => <bdi>{translateContent(r.remark)}</bdi>,
    },
    {
      key: 'amount',
      header: t('col.amount'),
      numeric: true,
      cell: (r) => <Amount value={r.amount} strong />,
    },
    {
      key: 'status',
      header: t('col.status'),
      cell: (r) => <Badge tone={txStatusTone(r.status)}>{txStatusLabel(t, r.status)}</Badge>,
    },
  ];

  return (
    <>
      <PageHead title={t('menu.bonusDetails')} lead={t('records.bonus_lead')} />
      <DateFilter
        value={range}
        onChange={(next) => {
          setRange(next);
          setPage(1);
        }}
      />
      <RecordTable
        ns="memberCentre"
        caption={t('menu.bonusDetails')}
        columns={columns}
        rowKey={(r) => r.id}
        {...pagedQuery(records)}
        empty={t('records.bonus_empty')}
        page={page}
        onPage={setPage}
      />
      {records.data ? (
        <p className="centre-count">{t('records.count', { count: records.data.totalCount })}</p>
      ) : null}
    </>
  );
}
