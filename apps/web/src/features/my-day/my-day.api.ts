import type { MyDay } from '@fieldwork/domain/tasks/my-day.schemas';
import { api, type DataOf } from '../../lib/api-client';
import { taskKeys } from '../tasks/tasks.api';

/** Under the task keys, so every task action (clock, close) refreshes My day too. */
export const myDayKeys = {
  day: (date: string) => [...taskKeys.all, 'my-day', date] as const,
};

export const myDayApi = {
  day: async (date: string, signal?: AbortSignal) => (await api.get<DataOf<MyDay>>('/tasks/my-day', { query: { date }, signal })).data,
};
