import type { Bid } from '@fieldwork/domain/tasks/bids.schemas';
import { TASK_ID } from '../tasks/test-fixtures';

/** A bid as the API sends it; REQUESTED and unanswered unless overridden. */
export function bidOf(overrides: Partial<Bid> & { id: string; subName?: string }): Bid {
  const { subName = 'Ace Plumbing Subs', ...rest } = overrides;
  return {
    status: 'REQUESTED',
    amount: null,
    note: null,
    earliestStartDateTime: null,
    answeredAt: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    version: 1,
    subcontractor: { id: `sub-${rest.id}`, name: subName },
    task: {
      id: TASK_ID,
      taskNumber: 2001,
      name: 'Replace valve',
      startDateTime: '2026-11-25T14:00:00.000Z',
      expectedEndDateTime: '2026-11-25T16:00:00.000Z',
      jobId: 'j1',
      jobNumber: 1042,
      customerName: 'Harbor Foods',
      siteAddress: '12 Pier Rd, Boston, MA',
    },
    ...rest,
  };
}
