import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarView } from '@fieldwork/domain/scheduling/calendar.rules';
import { mockApi, renderWithQuery } from '../../test-utils';
import { SchedulerFilter, sameFilters, type SchedulerFilterValues } from './scheduler-filter';
import { SchedulerHeader } from './scheduler-header';
import type { SchedulerBoard } from './scheduler-search';

function Harness({ initialView = 'month' as CalendarView | null, initialBoard = 'calendar' as SchedulerBoard }) {
  const [view, setView] = useState<CalendarView | null>(initialView);
  const [date, setDate] = useState('2026-11-25');
  const [board, setBoard] = useState<SchedulerBoard>(initialBoard);
  return (
    <>
      <SchedulerHeader
        board={board}
        onBoardChange={setBoard}
        view={view}
        dataView={view ?? 'month'}
        onViewChange={setView}
        anchor={date}
        today="2026-11-21"
        onDateChange={setDate}
        search=""
        onSearchChange={() => {}}
        live="live"
      />
      <output data-testid="date">{date}</output>
    </>
  );
}

const label = () => screen.getByTestId('scheduler-label').textContent;
const date = () => screen.getByTestId('date').textContent;

describe('SchedulerHeader', { timeout: 20_000 }, () => {
  it('labels each view in the spec formats', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(label()).toBe('November 2026');
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    // Weeks start on Saturday (spec day 6).
    expect(label()).toBe('21st Nov – 27th Nov');
    await user.click(screen.getByRole('radio', { name: 'Day' }));
    expect(label()).toBe('25 November 2026');
    expect(screen.getByPlaceholderText('Search Tasks...')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('steps by the view with Previous / Next and returns with Today', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(date()).toBe('2026-12-25');
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(date()).toBe('2026-12-18');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(date()).toBe('2026-11-21');
    expect((screen.getByRole('button', { name: 'Today' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lets the user deselect every view, and keeps one board selected', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const month = screen.getByRole('radio', { name: 'Month' });
    await user.click(month);
    expect(month.getAttribute('aria-checked')).toBe('false');
    const group = screen.getByRole('radiogroup', { name: 'Board' });
    await user.click(within(group).getByRole('radio', { name: /Calendar/ }));
    expect(
      within(group)
        .getByRole('radio', { name: /Calendar/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('keeps every desktop control in two rows: what is shown (not wrapping from 1024 px), then search, actions and live state', () => {
    render(<Harness initialView="week" />);
    const [what, find] = [...document.querySelectorAll<HTMLElement>('[data-toolbar-row]')];
    expect([what?.dataset.toolbarRow, find?.dataset.toolbarRow]).toEqual(['what', 'find']);
    expect(what!.className).toContain('lg:flex-nowrap');
    for (const el of [
      screen.getByRole('radiogroup', { name: 'Board' }),
      screen.getByRole('button', { name: 'Previous' }),
      screen.getByRole('button', { name: 'Next' }),
      screen.getByRole('button', { name: 'Today' }),
      screen.getByLabelText('Go to date'),
      screen.getByTestId('scheduler-label'),
      screen.getByRole('radiogroup', { name: 'View' }),
    ])
      expect(what!.contains(el)).toBe(true);
    // The label is the part that gives way when the row is tight.
    expect(screen.getByTestId('scheduler-label').className).toMatch(/\bmin-w-0\b.*\btruncate\b|\btruncate\b.*\bmin-w-0\b/);
    for (const el of [screen.getByRole('searchbox', { name: 'Search tasks by number' }), screen.getByText('Live')]) expect(find!.contains(el)).toBe(true);
    expect(document.querySelectorAll('[data-toolbar-row]')).toHaveLength(2);
  });

  it('labels and steps the chart by day and hides the view toggle', async () => {
    const user = userEvent.setup();
    render(<Harness initialBoard="chart" />);
    expect(label()).toBe('25 November 2026');
    expect(screen.queryByRole('radiogroup', { name: 'View' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(date()).toBe('2026-11-26');
  });
});

describe('SchedulerFilter', { timeout: 20_000 }, () => {
  it('compares selections as sets', () => {
    expect(sameFilters({ status: ['OPEN', 'MISSED'] }, { status: ['MISSED', 'OPEN'], zones: [] })).toBe(true);
    expect(sameFilters({}, { tags: ['t'] })).toBe(false);
  });

  it('keeps Apply disabled until the draft differs, applies it, and clears all', async () => {
    mockApi();
    const user = userEvent.setup();
    const onApply = vi.fn<(v: SchedulerFilterValues) => void>();
    renderWithQuery(<SchedulerFilter value={{}} onApply={onApply} />);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const apply = await screen.findByRole('button', { name: 'Apply' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Clear All' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: /Status/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Missed' }));
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(false);
    // Picking it off again is no change.
    await user.click(screen.getByRole('checkbox', { name: 'Missed' }));
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Missed' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ status: ['MISSED'] });
  });

  it('Clear All empties the draft, which Apply then sends', async () => {
    mockApi();
    const user = userEvent.setup();
    const onApply = vi.fn<(v: SchedulerFilterValues) => void>();
    renderWithQuery(<SchedulerFilter value={{ status: ['OPEN'], zones: ['z1'] }} onApply={onApply} />);
    await user.click(screen.getByRole('button', { name: 'Filter (2 active)' }));
    await user.click(await screen.findByRole('button', { name: 'Clear All' }));
    expect((screen.getByRole('button', { name: 'Clear All' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({});
  });
});
