/** Betting record (personalHistoryCopy): the member's bets in a date range, optionally one provider. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHead } from '../../../ui/centre/parts';
import { useBetColumns } from '../../../ui/centre/record-columns';
import { pagedQuery, RecordTable } from '../../../ui/centre/record-table';
import { useBettingRecords } from '../api/get-betting-records';
import { useMerchantWallet } from '../api/get-merchant-wallet';
import { DateFilter, defaultDateFilter, type DateFilterValue } from '../components/date-filter';
import type { BetRecord } from '../types';

export function BettingRecordPage() {
  const { t } = useTranslation('memberCentre');
  const [range, setRange] = useState<DateFilterValue>(defaultDateFilter);
  const [vendor, setVendor] = useState('');
  const [page, setPage] = useState(1);
  const wallet = useMerchantWallet();
  const records = useBettingRecords({
    startTime: range.startTime,
    endTime: range.endTime,
    pageNo: page,
    ...(vendor ? { vendor } : {}),
  });

  const columns = useBetColumns<BetRecord>('memberCentre');

  return (
    <>
      <PageHead title={t('menu.personalHistoryCopy')} lead={t('records.betting_lead')} />
      <DateFilter
        value={range}
        onChange={(next) => {
          setRange(next);
          setPage(1);
        }}
      >
        <label className="mc-filter__select">
          <span className="visually-hidden">{t('records.provider')}</span>
          <select
            className="centre-select centre-select--sm"
            value={vendor}
            onChange={(e) => {
              setVendor(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('records.all_providers')}</option>
            {wallet.data?.wallets.map((w) => (
              <option key={w.vendor} value={w.vendor}>
                {w.name}
              </option>
            ))}
          </select>
        </label>
      </DateFilter>
      <RecordTable
        ns="memberCentre"
        caption={t('menu.personalHistoryCopy')}
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
