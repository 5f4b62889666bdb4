import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApi, renderWithQuery } from '../../test-utils';
import { clockActivitiesReply, runningPeriod } from '../clock/clock-test-utils';
import { RowElapsedTime } from './task-columns';
import { actions, allowed, taskItem } from './test-fixtures';

const renderRow = (row: ReturnType<typeof taskItem>) => renderWithQuery(<RowElapsedTime row={row} />);

describe('compact timer of a clocked-in row', () => {
  it('shows the running time in the compact form', async () => {
    mockApi(clockActivitiesReply([runningPeriod({ startTime: new Date(Date.now() - (2 * 3600 + 5 * 60 + 10) * 1000).toISOString() })]));
    renderWithQuery(<RowElapsedTime row={taskItem({ status: 'CLOCKED_IN', actions: actions({ elapsedTime: allowed }) })} />);
    expect(await screen.findByText('2h 05m')).toBeTruthy();
  });

  it('asks nothing and shows nothing when the viewer may not see time', () => {
    const fetchMock = mockApi();
    const { container } = renderRow(taskItem({ status: 'CLOCKED_IN' }));
    expect(container.textContent).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
