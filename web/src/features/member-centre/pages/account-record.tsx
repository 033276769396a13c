/**
 * Account record (transactionHistory): every ledger transaction of the member in a date range,
 * optionally of one kind; deposits, withdrawals, transfers and claims all appear here.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, PageHead } from '../../../ui/centre/parts';
import { useTransactionColumns } from '../../../ui/centre/record-columns';
import { pagedQuery, RecordTable } from '../../../ui/centre/record-table';
import { useAccountRecords } from '../api/get-account-records';
import { DateFilter, defaultDateFilter, type DateFilterValue } from '../components/date-filter';
import { kindLabel, TRANSACTION_KINDS } from '../labels';
import type { Transaction } from '../types';
import { cleanRemark, withdrawalState } from '../withdrawal';

export function AccountRecordPage() {
  const { t } = useTranslation('memberCentre');
  const [range, setRange] = useState<DateFilterValue>(defaultDateFilter);
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const records = useAccountRecords({
    startTime: range.startTime,
    endTime: range.endTime,
    pageNo: page,
    ...(kind ? { kind } : {}),
  });

  const columns = useTransactionColumns<Transaction>('memberCentre', {
    // A withdrawal confirmed by time rather than by the member says so.
    status: (r) =>
      r.kind === 'withdraw' && withdrawalState(r) === 'auto_received' ? (
        <Badge tone="info">{t('withdraw.state.auto_received')}</Badge>
      ) : undefined,
    remark: (r) => cleanRemark(r.remark),
  });

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
        rowKey={(r) => r.id}
        {...pagedQuery(records)}
        empty={t('records.empty')}
        page={page}
        onPage={setPage}
      />
      {records.data ? (
        <p className="centre-count">{t('records.count', { count: records.data.totalCount })}</p>
      ) : null}
    </>
  );
}
