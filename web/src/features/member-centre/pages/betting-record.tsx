/** Betting record (personalHistoryCopy): the member's bets in a date range, optionally one provider. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateContent } from '../../../i18n';
import { Amount, PageHead, useMoney, When } from '../../../ui/centre/parts';
import { RecordTable, type Column } from '../../../ui/centre/record-table';
import { useBettingRecords } from '../api/get-betting-records';
import { useMerchantWallet } from '../api/get-merchant-wallet';
import { DateFilter, defaultDateFilter, type DateFilterValue } from '../components/date-filter';
import { gameTypeLabel } from '../labels';
import type { BetRecord } from '../types';

export function BettingRecordPage() {
  const { t } = useTranslation('memberCentre');
  const [range, setRange] = useState<DateFilterValue>(defaultDateFilter);
  const [vendor, setVendor] = useState('');
  const [page, setPage] = useState(1);
  const wallet = useMerchantWallet();
  const money = useMoney();
  const records = useBettingRecords({
    startTime: range.startTime,
    endTime: range.endTime,
    pageNo: page,
    ...(vendor ? { vendor } : {}),
  });

  const columns: Column<BetRecord>[] = [
    { key: 'time', header: t('col.time'), cell: (r) => <When ms={r.time} /> },
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
