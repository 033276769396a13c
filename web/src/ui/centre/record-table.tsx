/**
 * A record table of the member and agent centres: skeleton rows while the first page loads, the
 * failure with a retry, an empty state, and the shared pagination (page range 3, margin pages 1:
 * PAGINATION_PAGE_RANGE, PAGINATION_MARGIN_PAGES). A table wider than its box (a phone) scrolls
 * inside it with the scroll cues of every sideways row (ADR 020): a fade at the end that hides
 * columns, and arrows where there is a fine pointer; the box is a named region in the tab order, so
 * a keyboard scrolls it too.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { TypeOptions } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, loadError } from '../error-state';
import { Pagination } from '../pagination';
import { ScrollRow } from '../scroll-row/scroll-row';
import { Skeleton } from '../spinner';
import { Empty } from './parts';
import './centre.css';

type Resources = TypeOptions['resources'];

/** The keys the table reads from its centre's namespace. */
type TableKey = 'pages_of';

/**
 * A namespace that has every key of TableKey (memberCentre, agentCentre): the table speaks with its
 * centre's words, and a namespace without them does not type-check.
 */
export type CentreNamespace = {
  [N in keyof Resources]: TableKey extends keyof Resources[N] ? N : never;
}[keyof Resources];

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers line up at the end of the cell. */
  numeric?: boolean;
  /** Long text may wrap (remarks). */
  wrap?: boolean;
}

export interface RecordTableProps<T> {
  /** The centre's namespace, for the pagination's label. */
  ns: CentreNamespace;
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  isPending: boolean;
  /** A refetch (new page or filter) is under way: the old rows stay, dimmed. */
  isFetching?: boolean;
  error: unknown;
  onRetry: () => void;
  empty: ReactNode;
  page?: number;
  totalPages?: number;
  onPage?: (page: number) => void;
  footer?: ReactNode;
}

/** A page of records as the centres' paged calls answer it. */
export interface RecordPage<T> {
  list: T[];
  totalPages: number;
  totalCount?: number;
}

/**
 * What the table shows of a call in flight: pending, refetching, failed (with its retry); a first
 * load held offline is a failed one (loadError), not rows still coming.
 */
export function queryState(query: Pick<UseQueryResult, 'isPending' | 'isFetching' | 'fetchStatus' | 'error' | 'refetch'>) {
  return {
    isPending: query.isPending,
    isFetching: query.isFetching,
    error: loadError(query),
    onRetry: () => void query.refetch(),
  };
}

/** The table's rows, state and page count from a paged record call. */
export function pagedQuery<T>(query: UseQueryResult<RecordPage<T>>) {
  return { ...queryState(query), rows: query.data?.list, totalPages: query.data?.totalPages ?? 1 };
}

const SKELETON_ROWS = 6;

export function RecordTable<T>({
  ns,
  caption,
  columns,
  rows,
  rowKey,
  isPending,
  isFetching,
  error,
  onRetry,
  empty,
  page,
  totalPages,
  onPage,
  footer,
}: RecordTableProps<T>) {
  const { t } = useTranslation(ns);
  const { t: common } = useTranslation('common');
  if (error && !rows) {
    return (
      <div className="centre-card">
        <ErrorState error={error} onRetry={onRetry} compact />
      </div>
    );
  }
  return (
    <div
      className={`centre-table${isFetching && !isPending ? ' centre-table--busy' : ''}`}
      aria-busy={isPending || isFetching ? true : undefined}
    >
      <ScrollRow
        className="centre-table__scroll"
        viewportClassName="centre-table__viewport"
        viewportProps={{ role: 'region', 'aria-label': common('table_region', { name: caption }), tabIndex: 0 }}
      >
        <table className="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={c.numeric ? 'centre-num' : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {isPending || !rows
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <tr key={i} aria-hidden="true">
                    {columns.map((c) => (
                      <td key={c.key}>
                        <Skeleton height={14} width={c.numeric ? 64 : '70%'} />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((row) => (
                  <tr key={rowKey(row)}>
                    {columns.map((c) => (
                      <td
                        key={c.key}
                        className={
                          [c.numeric ? 'centre-num' : '', c.wrap ? 'centre-wrap' : '']
                            .filter(Boolean)
                            .join(' ') || undefined
                        }
                      >
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
          {footer && rows && rows.length > 0 ? <tfoot>{footer}</tfoot> : null}
        </table>
        {!isPending && rows && rows.length === 0 ? <Empty>{empty}</Empty> : null}
      </ScrollRow>
      {page !== undefined && totalPages !== undefined && onPage ? (
        <Pagination
          page={page}
          totalPages={totalPages}
          onChange={onPage}
          label={t('pages_of', { name: caption })}
        />
      ) : null}
    </div>
  );
}
