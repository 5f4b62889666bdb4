import type { QueuedActionKind } from '@fieldwork/domain/offline/offline-queue.rules';
import type { ClockOutBody } from '@fieldwork/domain/tasks/clock.schemas';
import type { CloseTaskBody } from '@fieldwork/domain/tasks/tasks.schemas';
import type { StoredAction } from '../../lib/offline-store';
import { clockApi, type ClockInRequest } from '../../features/clock/clock.api';
import { costsApi, type CostInput } from '../../features/costs/costs.api';
import { taskNotesApi } from '../../features/tasks/task-notes.api';
import { tasksApi } from '../../features/tasks/tasks.api';
import type { SendAction } from './action-queue';

/** A photo kept on the phone: its bytes (IndexedDB keeps them across restarts), type and name. */
export type QueuedPhoto = { fileName: string; type: string; data: ArrayBuffer };

/** What each kind of kept action holds. Times are not in it: the action's own time is sent as `actedAt` (clock, notes). */
export type QueuedPayloads = {
  clockIn: Omit<ClockInRequest, 'actedAt'>;
  clockOut: Omit<ClockOutBody, 'actedAt'>;
  close: CloseTaskBody;
  note: { note: string };
  photo: QueuedPhoto;
  cost: CostInput;
};

const payloadOf = <K extends QueuedActionKind>(action: StoredAction, _kind: K) => action.payload as QueuedPayloads[K];

/** How each kind is sent: the same API calls as online, with the action's id as its Idempotency-Key. */
export const QUEUED_SENDERS = {
  clockIn: (a) => clockApi.clockIn({ ...payloadOf(a, 'clockIn'), actedAt: a.actedAt }, a.id),
  clockOut: (a) => clockApi.clockOut({ ...payloadOf(a, 'clockOut'), actedAt: a.actedAt }, a.id),
  close: (a) => tasksApi.close(payloadOf(a, 'close'), a.id),
  note: (a) => taskNotesApi.addNote(a.taskId, payloadOf(a, 'note').note, a.id, a.actedAt),
  photo: (a) => {
    const photo = payloadOf(a, 'photo');
    return taskNotesApi.addPhoto(a.taskId, new Blob([photo.data], { type: photo.type }), photo.fileName, a.id);
  },
  cost: (a) => costsApi.create(payloadOf(a, 'cost'), a.id),
} as const satisfies Record<QueuedActionKind, SendAction>;

export const sendQueued: SendAction = (action) => QUEUED_SENDERS[action.kind](action);
