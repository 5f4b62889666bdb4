import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ListView } from '../components/list-view';
import { testQueryClient } from '../test-utils';
import type { DataPage } from './api-client';
import { usePagedList, type MobilePaging, type PageParams } from './use-paged-list';

type Row = { id: string; name: string };
type Filters = { status: string };

/** A fake endpoint with 25 rows when nothing is searched, and none for any search. */
function fakeEndpoint() {
  return vi.fn(async ({ page, limit, search }: Filters & PageParams): Promise<DataPage<Row>> => {
    const all = search ? [] : Array.from({ length: 25 }, (_, i) => ({ id: String(i + 1), name: `Row ${i + 1}` }));
    return {
      data: all.slice((page - 1) * limit, page * limit),
      pagination: { totalItems: all.length, totalPages: Math.ceil(all.length / limit), currentPage: page, itemsPerPage: limit },
    };
  });
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>;
}

function Harness({ fetchPage, mobilePaging }: { fetchPage: ReturnType<typeof fakeEndpoint>; mobilePaging?: MobilePaging }) {
  const list = usePagedList({ queryKey: ['rows'], fetchPage, initialFilters: { status: 'all' }, mobilePaging });
  return (
    <>
      <button type="button" onClick={() => list.setSearch('zzz')}>
        Search zzz
      </button>
      <button type="button" onClick={() => list.setPage(1000)}>
        Page 1000
      </button>
      <ListView
        list={list}
        caption="Rows"
        rowKey={(r) => r.id}
        columns={[{ key: 'name', header: 'Name', cell: (r) => r.name }]}
        cardTitle={(r) => r.name}
        cardFields={[]}
      />
    </>
  );
}

describe('usePagedList', () => {
  it('goes back to page 1 when the search or a filter changes', async () => {
    const fetchPage = fakeEndpoint();
    const { result } = renderHook(() => usePagedList({ queryKey: ['rows'], fetchPage, initialFilters: { status: 'all' } }), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(10));

    act(() => result.current.setPage(3));
    await waitFor(() => expect(result.current.pagination?.currentPage).toBe(3));
    act(() => result.current.setSearch('zzz'));
    expect(result.current.page).toBe(1);
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ status: 'all', limit: 10, search: 'zzz', page: 1 }));

    act(() => result.current.setPage(2));
    act(() => result.current.setFilters({ status: 'inactive' }));
    expect(result.current.page).toBe(1);
    expect(result.current.filters).toEqual({ status: 'inactive' });
  });

  it('counts the custom filters, not only the search, as narrowing the list', () => {
    const { result } = renderHook(
      () => usePagedList({ queryKey: ['rows'], fetchPage: fakeEndpoint(), initialFilters: { status: 'all' }, isFiltered: (f) => f.status !== 'all' }),
      { wrapper },
    );
    expect(result.current.filtered).toBe(false);
    act(() => result.current.setFilters({ status: 'inactive' }));
    expect(result.current.filtered).toBe(true);
  });
});

describe('ListView', () => {
  it('pages the table on desktop and says "No results found" once a search finds nothing', async () => {
    render(<Harness fetchPage={fakeEndpoint()} />, { wrapper });
    expect(await screen.findByRole('cell', { name: 'Row 1' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('cell', { name: 'Row 11' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Search zzz' }));
    expect(await screen.findByText('No results found')).toBeTruthy();
    expect(screen.queryByText('You have no data yet')).toBeNull();
  });

  it('shows a total the server only counted up to as "10,000+" and keeps Next open past the counted pages', async () => {
    // 10,030 rows; like the task list's filtered answers, the count stops at 10,000 (or the page asked for).
    const capped = vi.fn(async ({ page, limit }: Filters & PageParams): Promise<DataPage<Row>> => {
      const bound = Math.max(10_000, page * limit);
      const lowerBound = 10_030 > bound;
      const total = lowerBound ? bound : 10_030;
      const first = (page - 1) * limit;
      const data = Array.from({ length: Math.max(0, Math.min(limit, 10_030 - first)) }, (_, i) => ({
        id: String(first + i + 1),
        name: `Row ${first + i + 1}`,
      }));
      return {
        data,
        pagination: { totalItems: total, totalPages: Math.ceil(total / limit), currentPage: page, itemsPerPage: limit, totalIsLowerBound: lowerBound },
      };
    });
    render(<Harness fetchPage={capped} />, { wrapper });
    expect(await screen.findByText('1–10 of 10,000+')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1,000+')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', false);
  });

  it('opens Next on the last counted page when more may follow, and closes it at the real end', async () => {
    const capped = vi.fn(async ({ page, limit }: Filters & PageParams): Promise<DataPage<Row>> => {
      const lowerBound = page < 1003;
      const total = lowerBound ? Math.max(10_000, page * limit) : 10_030;
      return {
        data: [{ id: String(page), name: `Row of page ${page}` }],
        pagination: { totalItems: total, totalPages: Math.ceil(total / limit), currentPage: page, itemsPerPage: limit, totalIsLowerBound: lowerBound },
      };
    });
    render(<Harness fetchPage={capped} />, { wrapper });
    await userEvent.click(await screen.findByRole('button', { name: 'Page 1000' }));
    expect(await screen.findByText('Page 1,000 of 1,000+')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 1,001 of 1,001+')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 1,003 of 1,003')).toBeTruthy();
    expect(screen.getByText('10,021–10,030 of 10,030')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });

  it('says "You have no data yet" for an empty list without a search', async () => {
    const empty = vi.fn(async () => ({ data: [], pagination: { totalItems: 0, totalPages: 0, currentPage: 1, itemsPerPage: 10 } }));
    render(<Harness fetchPage={empty} />, { wrapper });
    expect(await screen.findByText('You have no data yet')).toBeTruthy();
  });

  it('grows one card list with "Load more" on phones', async () => {
    vi.stubGlobal('innerWidth', 375);
    render(<Harness fetchPage={fakeEndpoint()} />, { wrapper });
    expect(await screen.findByText('Row 10')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Row 20')).toBeTruthy();
    expect(screen.getByText('Row 1')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Row 25')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('steps through pages with Previous and Next on phones in pages mode', async () => {
    vi.stubGlobal('innerWidth', 375);
    render(<Harness fetchPage={fakeEndpoint()} mobilePaging="pages" />, { wrapper });
    expect(await screen.findByText('Row 10')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Row 11')).toBeTruthy();
    expect(screen.queryByText('Row 1')).toBeNull();
  });
});
