/**
 * The member centre's record reports (account record, betting record, bonus details): the page
 * head, the date filter with an optional select beside it, the paged record table and the number of
 * rows. A new range or a new choice in the select starts again at page 1. Each report brings its own
 * call and columns; the agent centre's counterpart is agent-centre/components/team-report.tsx.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageHead } from '../../../ui/centre/parts';
import { pagedQuery, RecordTable, type Column, type RecordPage } from '../../../ui/centre/record-table';
import { DateFilter, defaultDateFilter, type DateFilterValue } from './date-filter';

/** The report's range, select choice and page; `params` is what its call takes ('' is no choice). */
export function useRecordFilter() {
  const [range, setRange] = useState<DateFilterValue>(defaultDateFilter);
  const [choice, setChoice] = useState('');
  const [page, setPage] = useState(1);
  const changeRange = (next: DateFilterValue) => {
    setRange(next);
    setPage(1);
  };
  const changeChoice = (next: string) => {
    setChoice(next);
    setPage(1);
  };
  const params = { startTime: range.startTime, endTime: range.endTime, pageNo: page };
  return { range, changeRange, choice, changeChoice, page, setPage, params };
}

export type RecordFilter = ReturnType<typeof useRecordFilter>;

/** The select beside the date filter: "all" first (the empty choice), then the options. */
export function FilterSelect({
  filter,
  label,
  allLabel,
  options,
}: {
  filter: RecordFilter;
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <label className="mc-filter__select">
      <span className="visually-hidden">{label}</span>
      <select
        className="centre-select centre-select--sm"
        value={filter.choice}
        onChange={(e) => filter.changeChoice(e.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function RecordReport<T extends { id: string | number }>({
  title,
  lead,
  empty,
  filter,
  select,
  query,
  columns,
}: {
  title: string;
  lead: string;
  empty: string;
  filter: RecordFilter;
  /** A FilterSelect shown beside the date filter, if the report has one. */
  select?: ReactNode;
  query: UseQueryResult<RecordPage<T> & { totalCount: number }>;
  columns: readonly Column<T>[];
}) {
  const { t } = useTranslation('memberCentre');
  return (
    <>
      <PageHead title={title} lead={lead} />
      <DateFilter value={filter.range} onChange={filter.changeRange}>
        {select}
      </DateFilter>
      <RecordTable
        ns="memberCentre"
        caption={title}
        columns={columns}
        rowKey={(r) => r.id}
        {...pagedQuery(query)}
        empty={empty}
        page={filter.page}
        onPage={filter.setPage}
      />
      {query.data ? <p className="centre-count">{t('records.count', { count: query.data.totalCount })}</p> : null}
    </>
  );
}
