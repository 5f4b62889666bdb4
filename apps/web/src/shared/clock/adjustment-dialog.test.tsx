import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLOCK_MESSAGES } from '@fieldwork/domain/tasks/clock.schemas';
import { addDays, instantAt, todayKey } from '@fieldwork/domain/time/calendar-time.rules';
import { mockApi, route } from '../../test-utils';
import { TASK_ID, task } from '../tasks/test-fixtures';
import { AdjustmentDialog, AdjustmentNotice } from './adjustment-dialog';
import { bodiesSent, renderWithSession, RUNNING_ID, runningPeriod } from './clock-test-utils';
import { ADJUST_TOASTS } from './use-clock-actions';

const PATH = `/api/tasks/${TASK_ID}/activities/${RUNNING_ID}`;
const TZ = 'America/New_York';

describe('AdjustmentDialog', { timeout: 20_000 }, () => {
  it('starts from the running start and PATCHes the corrected one', async () => {
    // Yesterday at noon, local: a start may be at most 31 days back, so the dates follow the clock.
    const day = addDays(todayKey(TZ), -1);
    const running = new Date(instantAt(day, 12 * 60, TZ)).toISOString();
    const corrected = new Date(instantAt(day, 11 * 60 + 30, TZ)).toISOString();
    const fetchMock = mockApi(route('PATCH', PATH, { body: { data: runningPeriod({ startTime: corrected }) } }));
    const onOpenChange = vi.fn();
    renderWithSession(<AdjustmentDialog task={task()} activity={runningPeriod({ startTime: running })} open onOpenChange={onOpenChange} timeZone={TZ} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Adjust clock-in' }));
    const date = dialog.getByLabelText('Clock-in date') as HTMLInputElement;
    const time = dialog.getByLabelText('Clock-in time') as HTMLInputElement;
    expect(date.value).toBe(day);
    expect(time.value).toBe('12:00');
    expect(document.activeElement).toBe(date);
    fireEvent.change(time, { target: { value: '11:30' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ADJUST_TOASTS.done)).toBeTruthy();
    expect(bodiesSent(fetchMock, PATH, 'PATCH')).toEqual([{ startDateTime: corrected }]);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('refuses a start in the future with the domain message', async () => {
    const fetchMock = mockApi();
    renderWithSession(<AdjustmentDialog task={task()} activity={runningPeriod()} open onOpenChange={() => {}} timeZone={TZ} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Adjust clock-in' }));
    fireEvent.change(dialog.getByLabelText('Clock-in date'), { target: { value: '2099-01-01' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(CLOCK_MESSAGES.startInFuture)).toBeTruthy();
    expect(bodiesSent(fetchMock, PATH, 'PATCH')).toHaveLength(0);
  });

  it('the notice names who is clocked in since when and offers both actions', async () => {
    const onAdjust = vi.fn();
    const onClockOut = vi.fn();
    renderWithSession(
      <AdjustmentNotice technician="Tom Technician" since="2026-11-21T13:00:00.000Z" timeZone={TZ} onAdjust={onAdjust} onClockOut={onClockOut} />,
    );
    expect(screen.getByText(/Tom Technician is clocked in on this task since .*8:00/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Adjust clock-in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clock out on their behalf' }));
    expect(onAdjust).toHaveBeenCalledTimes(1);
    expect(onClockOut).toHaveBeenCalledTimes(1);
  });
});
