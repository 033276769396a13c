/**
 * Page links with ellipses (page range 3, margin pages 1), in the style of
 * react-paginate: the first and last pages, three around the current one, breaks between.
 */
import { useTranslation } from 'react-i18next';
import { PAGINATION_MARGIN_PAGES, PAGINATION_PAGE_RANGE } from '../config/constants';
import './pagination.css';

export type PageItem = number | 'break';

/** Pure: the items to show for a 1-based page. Exported for tests. */
export function pageItems(page: number, totalPages: number, range = PAGINATION_PAGE_RANGE, margin = PAGINATION_MARGIN_PAGES): PageItem[] {
  if (totalPages <= range + 2 * margin) return Array.from({ length: totalPages }, (_, i) => i + 1);
  let left = page - Math.floor(range / 2);
  let right = left + range - 1;
  if (left < 1) {
    left = 1;
    right = range;
  }
  if (right > totalPages) {
    right = totalPages;
    left = totalPages - range + 1;
  }
  const items: PageItem[] = [];
  for (let p = 1; p <= totalPages; p++) {
    const inMargin = p <= margin || p > totalPages - margin;
    const inWindow = p >= left && p <= right;
    if (inMargin || inWindow) items.push(p);
    else if (items[items.length - 1] !== 'break') items.push('break');
  }
  return items;
}

export interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label?: string;
}

export function Pagination({ page, totalPages, onChange, label }: PaginationProps) {
  const { t } = useTranslation('common');
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label ?? t('pagination')}>
      <button type="button" className="pagination__step" disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label={t('previous_page')}>
        <span aria-hidden="true" className="flip-rtl">‹</span>
      </button>
      {pageItems(page, totalPages).map((item, i) =>
        item === 'break' ? (
          <span key={`b${i}`} className="pagination__break" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className="pagination__page"
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('page_n', { n: item })}
            onClick={() => onChange(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" className="pagination__step" disabled={page >= totalPages} onClick={() => onChange(page + 1)} aria-label={t('next_page')}>
        <span aria-hidden="true" className="flip-rtl">›</span>
      </button>
    </nav>
  );
}
