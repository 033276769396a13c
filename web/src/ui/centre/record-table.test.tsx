// @vitest-environment happy-dom
import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setupDomTests } from '../../testing/setup';
import { pagedQuery, RecordTable, type Column, type RecordPage, type RecordTableProps } from './record-table';

setupDomTests();

interface Row {
  id: number;
  name: string;
  amount: number;
}

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name },
  { key: 'amount', header: 'Amount', numeric: true, cell: (r) => r.amount.toFixed(2) },
];

function renderTable(props: Partial<RecordTableProps<Row>> = {}) {
  const onRetry = vi.fn();
  const onPage = vi.fn();
  render(
    <RecordTable<Row>
      ns="memberCentre"
      caption="Account record"
      columns={columns}
      rows={[
        { id: 1, name: 'Deposit', amount: 100 },
        { id: 2, name: 'Bet', amount: -5 },
      ]}
      rowKey={(r) => r.id}
      isPending={false}
      error={null}
      onRetry={onRetry}
      empty="No records yet"
      page={1}
      totalPages={3}
      onPage={onPage}
      {...props}
    />,
  );
  return { onRetry, onPage };
}

describe('RecordTable', () => {
  it('shows a captioned table with one row per record, numbers at the end', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Account record' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toBe('Deposit100.00');
    expect(within(table).getByRole('columnheader', { name: 'Amount' }).className).toBe('centre-num');
  });

  it('shows skeleton rows, hidden from assistive technology, while the first page loads', () => {
    renderTable({ isPending: true, rows: undefined });
    const table = screen.getByRole('table', { hidden: true });
    expect(table.closest('[aria-busy="true"]')).not.toBeNull();
    expect(table.querySelectorAll('tbody tr[aria-hidden="true"]')).toHaveLength(6);
    expect(screen.queryByText('Deposit')).toBeNull();
  });

  it('keeps the old rows, dimmed, while another page loads', () => {
    renderTable({ isFetching: true });
    expect(screen.getByText('Deposit')).toBeTruthy();
    expect(screen.getByRole('table').closest('.centre-table--busy')).not.toBeNull();
  });

  it('says so when there is nothing', () => {
    renderTable({ rows: [], totalPages: 1 });
    expect(screen.getByText('No records yet')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('offers a retry when the first load failed', () => {
    const { onRetry } = renderTable({ rows: undefined, error: new Error('boom') });
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('scrolls a table wider than its box (a phone) inside a named, focusable region with the scroll cues', () => {
    renderTable();
    const region = screen.getByRole('region', { name: 'Account record table, scrollable' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table', { name: 'Account record' })).toBeTruthy();
    // happy-dom lays nothing out: the columns are said to need 642 px of a 360 px box.
    Object.defineProperty(region, 'clientWidth', { configurable: true, get: () => 360 });
    Object.defineProperty(region, 'scrollWidth', { configurable: true, get: () => 642 });
    fireEvent.scroll(region);
    const row = region.closest('.scroll-row')!;
    expect(row.hasAttribute('data-overflow-end')).toBe(true);
    expect(row.hasAttribute('data-overflow-start')).toBe(false);
  });

  it('pages through the shared pagination, named after the table', () => {
    const { onPage } = renderTable();
    const nav = screen.getByRole('navigation', { name: 'Account record pages' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});

describe('RecordTable of a paged call', () => {
  function Records() {
    const query = useQuery<RecordPage<Row>>({ queryKey: ['records'], queryFn: () => Promise.resolve({ list: [], totalPages: 1 }) });
    return (
      <RecordTable<Row> ns="memberCentre" caption="Account record" columns={columns} rowKey={(r) => r.id} empty="No records yet" {...pagedQuery(query)} />
    );
  }

  it('offline, where the first load waits for the connection, shows the network error and a retry rather than rows to come', () => {
    onlineManager.setOnline(false);
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <Records />
        </QueryClientProvider>,
      );
      expect(screen.getByRole('alert').textContent).toContain('Network link abnormal, please try again');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
