import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import type { KeptAnswer } from '../../lib/offline-store';
import { keptKey } from '../../lib/offline-scope';
import { assetKeys } from '../../features/assets/assets.api';
import { clockKeys } from '../../features/clock/clock.api';
import { myDayKeys } from '../../features/my-day/my-day.api';
import { taskKeys } from '../../features/tasks/tasks.api';
import { isOfflineFailure, keptKindOf, pruneKept } from './kept-queries';
import { taskNoteKeys } from '../../features/tasks/task-notes.api';
import { costKeys } from '../../features/costs/costs.api';

const row = (queryKey: QueryKey, data: unknown = null): KeptAnswer => ({ key: keptKey(queryKey), queryKey, data, savedAt: 1 });
const NOW = new Date('2026-11-27T15:00:00.000Z');

describe('what is kept on the device', () => {
  it('keeps My day, the task page answers and the clock-in lists, and nothing else', () => {
    expect(keptKindOf(myDayKeys.day('2026-11-27'))).toEqual({ kind: 'day', date: '2026-11-27' });
    for (const key of [
      taskKeys.detail('t1'),
      taskKeys.activities('t1'),
      taskKeys.activityLog('t1'),
      taskNoteKeys.notes('t1'),
      taskNoteKeys.photos('t1'),
      costKeys.suggestions('t1'),
    ])
      expect(keptKindOf(key)).toEqual({ kind: 'task', taskId: 't1' });
    expect(keptKindOf(clockKeys.activeVehicles)).toEqual({ kind: 'picker' });
    expect(keptKindOf(clockKeys.assistants('u1', ''))).toEqual({ kind: 'picker' });
    expect(keptKindOf(clockKeys.assistants('u1', 'ann'))).toBeNull();
    expect(keptKindOf(taskKeys.list)).toBeNull();
    expect(keptKindOf(assetKeys.list({ jobId: 'j1' }))).toEqual({ kind: 'job', jobId: 'j1' });
    expect(keptKindOf(assetKeys.list({ customerId: 'c1' }))).toBeNull();
    expect(keptKindOf(['jobs', 'detail', 'j1'])).toBeNull();
  });

  it('drops days other than yesterday, today and tomorrow, and tasks no kept day lists', () => {
    const rows = [
      row(myDayKeys.day('2026-11-25'), { items: [{ id: 'old' }] }),
      row(myDayKeys.day('2026-11-26'), { items: [{ id: 'y', job: { id: 'jy' } }] }),
      row(myDayKeys.day('2026-11-27'), { items: [{ id: 't' }] }),
      row(myDayKeys.day('2026-11-28'), { items: [] }),
      row(taskKeys.detail('old')),
      row(taskKeys.detail('y')),
      row(taskKeys.activities('t')),
      row(taskKeys.activityLog('gone')),
      row(clockKeys.activeVehicles),
      row(assetKeys.list({ jobId: 'jy' })),
      row(assetKeys.list({ jobId: 'j-old' })),
    ];
    const dropped = pruneKept(rows, 'America/New_York', NOW);
    expect(dropped.sort()).toEqual(
      [
        keptKey(myDayKeys.day('2026-11-25')),
        keptKey(taskKeys.detail('old')),
        keptKey(taskKeys.activityLog('gone')),
        keptKey(assetKeys.list({ jobId: 'j-old' })),
      ].sort(),
    );
  });

  it('falls back only when no answer came: a network failure, not a 4xx or 5xx', () => {
    expect(isOfflineFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isOfflineFailure(new ApiError(0, 'NETWORK', 'Cannot reach the server.'))).toBe(true);
    expect(isOfflineFailure(new ApiError(404, 'NOT_FOUND', 'Task not found'))).toBe(false);
    expect(isOfflineFailure(new ApiError(500, 'INTERNAL', 'Something went wrong'))).toBe(false);
  });
});
