import type { MyDayTask } from '@fieldwork/domain/tasks/my-day.schemas';
import { TASK_ID, actions, allowed, task } from '../tasks/test-fixtures';

export const KEPT_ZONE = 'America/New_York';

/** "Replace valve" on `today`, 13:00–15:00 UTC, awaiting start with clock-in allowed: a My day task as kept on the phone. */
export function keptMyDayTask(today: string): MyDayTask {
  return {
    ...task({ id: TASK_ID, name: 'Replace valve', status: 'AWAITING_START', displayStatus: 'Awaiting Start', actions: actions({ clockIn: allowed }) }),
    dateCategory: 'today',
    taskScheduler: { id: 's1', startDateTime: `${today}T13:00:00.000Z`, expectedEndDateTime: `${today}T15:00:00.000Z`, endDateTime: null },
    siteAddressText: '12 Harbor St, Boston, MA 02110',
    contact: null,
    workPeriods: [],
  } as MyDayTask;
}

/** The GET /api/tasks/my-day answer of `today` with that one task. */
export const keptDayOf = (today: string, keptTask: MyDayTask) => ({ date: today, timeZone: KEPT_ZONE, from: '', to: '', items: [keptTask] });
