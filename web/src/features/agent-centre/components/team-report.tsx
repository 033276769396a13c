/**
 * The agent centre's team reports (team betting, user profit and loss, transaction details): the
 * page head, the account filter (the whole team, or one downline), the paged record table and, when
 * the call counts them, the number of rows. Each report brings its own call and columns.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { PageHead } from '../../../ui/centre/parts';
import { pagedQuery, RecordTable, type Column, type RecordPage } from '../../../ui/centre/record-table';
import type { TeamReportParams } from '../api/get-team-betting';
import { AccountFilter } from './account-filter';

/** The report's filter and page; `params` is what its call takes. A new filter starts at page 1. */
export function useTeamReportFilter() {
  const [account, setAccount] = useState('');
  const [page, setPage] = useState(1);
  const params: TeamReportParams = { pageNo: page, ...(account ? { account } : {}) };
  const changeAccount = (next: string) => {
    setAccount(next);
    setPage(1);
  };
  return { account, changeAccount, page, setPage, params };
}

export function TeamReport<T>({
  title,
  lead,
  filter,
  query,
  columns,
  rowKey,
}: {
  title: string;
  lead: string;
  filter: ReturnType<typeof useTeamReportFilter>;
  query: UseQueryResult<RecordPage<T>>;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
}) {
  const { t } = useTranslation('agentCentre');
  return (
    <>
      <PageHead title={title} lead={lead} />
      <div className="ac-toolbar ac-toolbar--end">
        <AccountFilter value={filter.account} onChange={filter.changeAccount} />
      </div>
      <RecordTable
        ns="agentCentre"
        caption={title}
        columns={columns}
        rowKey={rowKey}
        {...pagedQuery(query)}
        empty={t('reports.empty')}
        page={filter.page}
        onPage={filter.setPage}
      />
      {query.data?.totalCount !== undefined ? (
        <p className="centre-count">{t('reports.count', { count: query.data.totalCount })}</p>
      ) : null}
    </>
  );
}
