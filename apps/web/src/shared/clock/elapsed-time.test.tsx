import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { INVALID_DATES_TEXT } from '@fieldwork/domain/time/time-spent.rules';
import { compactElapsedText, ElapsedTime, elapsedText, RUNNING_LABEL, TOTAL_LABEL } from './elapsed-time';

const NOW = new Date('2026-11-21T15:00:00.000Z');

describe('ElapsedTime', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('ticks every second while a period runs, with the running label', () => {
    render(<ElapsedTime periods={[{ startTime: '2026-11-21T13:58:57.000Z', endTime: null }]} running />);
    expect(screen.getByText('1h 1m 3s')).toBeTruthy();
    expect(screen.getByText(new RegExp(RUNNING_LABEL))).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByText('1h 1m 4s')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.getByText('1h 1m 6s')).toBeTruthy();
  });

  it('shares one interval between all timers and stops it when none runs', () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const periods = [{ startTime: '2026-11-21T14:00:00.000Z', endTime: null }];
    const { unmount } = render(
      <>
        <ElapsedTime periods={periods} running />
        <ElapsedTime periods={periods} running compact />
        <ElapsedTime periods={periods} running />
      </>,
    );
    expect(setInterval).toHaveBeenCalledTimes(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sums closed periods as "Total Time Spent" and does not tick', () => {
    render(
      <ElapsedTime
        periods={[
          { startTime: '2026-11-19T08:00:00.000Z', endTime: '2026-11-20T09:30:05.000Z' },
          { startTime: '2026-11-20T10:00:00.000Z', endTime: '2026-11-20T10:00:10.000Z' },
        ]}
        running={false}
      />,
    );
    expect(screen.getByText('1d 1h 30m 15s')).toBeTruthy();
    expect(screen.getByText(new RegExp(TOTAL_LABEL))).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads "0h 0m 0s" with no periods or a start in the future', () => {
    const { rerender } = render(<ElapsedTime periods={[]} running={false} />);
    expect(screen.getByText('0h 0m 0s')).toBeTruthy();
    rerender(<ElapsedTime periods={[{ startTime: '2026-11-22T09:00:00.000Z', endTime: null }]} running />);
    expect(screen.getByText('0h 0m 0s')).toBeTruthy();
  });

  it('says "Error: Invalid date strings" on invalid dates', () => {
    render(<ElapsedTime periods={[{ startTime: 'yesterday', endTime: null }]} running />);
    expect(screen.getByText(INVALID_DATES_TEXT)).toBeTruthy();
  });

  it('has a compact form for lists and cards, with the label for screen readers', () => {
    render(<ElapsedTime periods={[{ startTime: '2026-11-21T12:55:00.000Z', endTime: null }]} running compact />);
    expect(screen.getByText('2h 05m')).toBeTruthy();
    expect(screen.getByTitle(RUNNING_LABEL)).toBeTruthy();
  });
});

describe('elapsed texts', () => {
  it('formats days, hours, minutes and seconds, never negative', () => {
    expect(elapsedText(0)).toBe('0h 0m 0s');
    expect(elapsedText(93_784)).toBe('1d 2h 3m 4s');
    expect(elapsedText(-5)).toBe('0h 0m 0s');
    expect(compactElapsedText(7500)).toBe('2h 05m');
    expect(compactElapsedText(93_784)).toBe('1d 2h');
    expect(compactElapsedText(0)).toBe('0h 00m');
  });
});
