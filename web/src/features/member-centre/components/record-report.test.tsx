// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setupDomTests } from '../../../testing/setup';
import type { Column, RecordPage } from '../../../ui/centre/record-table';
import { FilterSelect, RecordReport, useRecordFilter, type RecordFilter } from './record-report';

setupDomTests();

interface Row {
  id: number;
  name: string;
}

const columns: Column<Row>[] = [{ key: 'name', header: 'Name', cell: (r) => r.name }];

/** A settled call: `totalPages` pages, the given rows on each. */
function settled(rows: Row[], totalPages: number): UseQueryResult<RecordPage<Row> & { totalCount: number }> {
  return {
    data: { list: rows, totalPages, totalCount: rows.length * totalPages },
    isPending: false,
    isFetching: false,
    error: null,
    refetch: () => Promise.resolve(),
  } as unknown as UseQueryResult<RecordPage<Row> & { totalCount: number }>;
}

const seen: RecordFilter['params'][] = [];
const choices: string[] = [];

function Harness() {
  const filter = useRecordFilter();
  seen.push(filter.params);
  choices.push(filter.choice);
  return (
    <RecordReport
      title="Account record"
      lead="Every transaction"
      empty="No records yet"
      filter={filter}
      select={
        <FilterSelect
          filter={filter}
          label="Type"
          allLabel="All types"
          options={[
            { value: 'deposit', label: 'Deposit' },
            { value: 'bet', label: 'Bet' },
          ]}
        />
      }
      query={settled([{ id: 1, name: 'Deposit' }], 3)}
      columns={columns}
    />
  );
}

describe('RecordReport', () => {
  it('pages through the records, and a new choice in the select starts again at page 1', () => {
    render(<Harness />);
    expect(screen.getByRole('table', { name: 'Account record' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'All types' })).toBeTruthy();
    expect(seen.at(-1)?.pageNo).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: /2/ }));
    expect(seen.at(-1)?.pageNo).toBe(2);

    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'bet' } });
    expect(choices.at(-1)).toBe('bet');
    expect(seen.at(-1)?.pageNo).toBe(1);
    expect(screen.getByText(/3/, { selector: '.centre-count' })).toBeTruthy();
  });
});
