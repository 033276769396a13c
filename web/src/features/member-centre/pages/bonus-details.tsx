/** Bonus details (bonusDetails): bonuses and rebates credited in a date range. */
import { useTranslation } from 'react-i18next';
import { translateContent } from '../../../i18n';
import { Amount, Badge, When } from '../../../ui/centre/parts';
import type { Column } from '../../../ui/centre/record-table';
import { useBonusDetails } from '../api/get-bonus-details';
import { RecordReport, useRecordFilter } from '../components/record-report';
import { kindLabel, txStatusLabel, txStatusTone } from '../labels';
import type { Transaction } from '../types';

export function BonusDetailsPage() {
  const { t } = useTranslation('memberCentre');
  const filter = useRecordFilter();
  const records = useBonusDetails(filter.params);

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
    <RecordReport
      title={t('menu.bonusDetails')}
      lead={t('records.bonus_lead')}
      empty={t('records.bonus_empty')}
      filter={filter}
      query={records}
      columns={columns}
    />
  );
}
