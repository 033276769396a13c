/** Personal profit and loss (personalProfit): totals of the range and the result of each day. */
import { useTranslation } from 'react-i18next';
import { Amount, PageHead, Stat, useMoney } from '../../../ui/centre/parts';
import { queryState, RecordTable, type Column } from '../../../ui/centre/record-table';
import { Skeleton } from '../../../ui/spinner';
import { usePersonalProfit } from '../api/get-personal-profit';
import { PROFIT_DAYS_PAGE_SIZE } from '../constants';
import { DateFilter } from '../components/date-filter';
import { useRecordFilter } from '../components/record-report';
import type { PersonalProfit } from '../types';

type Day = PersonalProfit['days'][number];

export function PersonalProfitPage() {
  const { t } = useTranslation('memberCentre');
  const { range, changeRange, page, setPage } = useRecordFilter();
  const money = useMoney();
  const profit = usePersonalProfit({ startTime: range.startTime, endTime: range.endTime });
  const days = profit.data?.days;
  const totalPages = Math.max(1, Math.ceil((days?.length ?? 0) / PROFIT_DAYS_PAGE_SIZE));
  const shown = days?.slice((page - 1) * PROFIT_DAYS_PAGE_SIZE, page * PROFIT_DAYS_PAGE_SIZE);

  const columns: Column<Day>[] = [
    { key: 'day', header: t('col.day'), cell: (d) => <bdi dir="ltr">{d.day}</bdi> },
    {
      key: 'bet',
      header: t('col.bet'),
      numeric: true,
      cell: (d) => <bdi dir="ltr">{money(d.bet)}</bdi>,
    },
    {
      key: 'win',
      header: t('col.win'),
      numeric: true,
      cell: (d) => <bdi dir="ltr">{money(d.win)}</bdi>,
    },
    {
      key: 'profit',
      header: t('col.profit'),
      numeric: true,
      cell: (d) => <Amount value={d.profit} strong />,
    },
  ];

  return (
    <>
      <PageHead title={t('menu.personalProfit')} lead={t('records.profit_lead')} />
      <DateFilter value={range} onChange={changeRange} />
      <div className="centre-stats centre-stats--3">
        {profit.data ? (
          <>
            <Stat
              label={t('profit.total_bet')}
              value={<bdi dir="ltr">{money(profit.data.totalBet)}</bdi>}
            />
            <Stat
              label={t('profit.total_win')}
              value={<bdi dir="ltr">{money(profit.data.totalWin)}</bdi>}
            />
            <Stat
              label={t('profit.result')}
              value={<Amount value={profit.data.profit} />}
              tone={profit.data.profit >= 0 ? 'pos' : 'neg'}
              hint={profit.data.profit >= 0 ? t('profit.up') : t('profit.down')}
            />
          </>
        ) : (
          Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={96} radius={14} />)
        )}
      </div>
      <RecordTable
        ns="memberCentre"
        caption={t('profit.by_day')}
        columns={columns}
        rows={shown}
        rowKey={(d) => d.day}
        {...queryState(profit)}
        empty={t('records.empty')}
        page={page}
        totalPages={totalPages}
        onPage={setPage}
      />
    </>
  );
}
