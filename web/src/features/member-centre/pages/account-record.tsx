/**
 * Account record (transactionHistory): every ledger transaction of the member in a date range,
 * optionally of one kind; deposits, withdrawals, transfers and claims all appear here.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateContent } from '../../../i18n';
import { Amount, Badge, PageHead, useMoney, When } from '../../../ui/centre/parts';
import { RecordTable, type Column } from '../../../ui/centre/record-table';
import { useAccountRecords } from '../api/get-account-records';
import { DateFilter, defaultDateFilter, type DateFilterValue } from '../components/date-filter';
import { kindLabel, TRANSACTION_KINDS, txStatusLabel, txStatusTone } from '../labels';
import type { Transaction } from '../types';
import { cleanRemark, withdrawalState } from '../withdrawal';

export function AccountRecordPage() {
  const { t } = useTranslation('memberCentre');
  const [range, setRange] = useState<DateFilterValue>(defaultDateFilter);
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const money = useMoney();
  const records = useAccountRecords({
    startTime: range.startTime,
    endTime: range.endTime,
    pageNo: page,
    ...(kind ? { kind } : {}),
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
      cell: (r) =>
        r.kind === 'withdraw' && withdrawalState(r) === 'auto_received' ? (
          <Badge tone="info">{t('withdraw.state.auto_received')}</Badge>
        ) : (
          <Badge tone={txStatusTone(r.status)}>{txStatusLabel(t, r.status)}</Badge>
        ),
    },
    {
      key: 'remark',
      header: t('col.remark'),
      wrap: true,
      cell: (r) => <bdi>{translateContent(cleanRemark(r.remark))}</bdi>,
    },
  ];

  return (
    <>
      <PageHead title={t('menu.transactionHistory')} lead={t('records.account_lead')} />
      <DateFilter
        value={range}
        onChange={(next) => {
          setRange(next);
          setPage(1);
        }}
      >
        <label className="mc-filter__select">
          <span className="visually-hidden">{t('records.type')}</span>
          <select
            className="centre-select centre-select--sm"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('records.all_types')}</option>
            {TRANSACTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(t, k)}
              </option>
            ))}
          </select>
        </label>
      </DateFilter>
      <RecordTable
        ns="memberCentre"
        caption={t('menu.transactionHistory')}
        columns={columns}
        rows={records.data?.list}
        rowKey={(r) => r.id}
        isPending={records.isPending}
        isFetching={records.isFetching}
        error={records.error}
        onRetry={() => void records.refetch()}
        empty={t('records.empty')}
        page={page}
        totalPages={records.data?.totalPages ?? 1}
        onPage={setPage}
      />
      {records.data ? (
        <p className="centre-count">{t('records.count', { count: records.data.totalCount })}</p>
      ) : null}
    </>
  );
}
