/**
 * The technician's offline queue: what the phone does with each action it kept while offline when it sends it.
 * Every action has its own Idempotency-Key (its id) and the time it was made, so sending it again is harmless and
 * the server records when the technician acted. Actions go in the order they were made; one the server refuses is
 * kept as "Needs your attention" with the server's reason and what to do — never dropped — and the actions after it
 * on the same task wait behind it (a clock-out cannot land before its clock-in).
 */

/** The server's answers about an Idempotency-Key; the queue retries on "already being processed". */
export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be a UUID.',
  inProgress: 'This request is already being processed.',
  mismatch: 'This Idempotency-Key was already used for a different request. Send a new key for a new action.',
} as const;

export const QUEUED_ACTION_KINDS = ['clockIn', 'clockOut', 'close', 'note', 'cost', 'photo'] as const;
export type QueuedActionKind = (typeof QUEUED_ACTION_KINDS)[number];

export type QueuedActionState = 'waiting' | 'syncing' | 'attention' | 'done';

export type QueuedAction = {
  /** Also its Idempotency-Key. */
  id: string;
  kind: QueuedActionKind;
  taskId: string;
  /** When the technician acted (ISO instant): the order of sending, and the time the server records. */
  actedAt: string;
  state: QueuedActionState;
  attempts: number;
  /** Earliest next try after a failed send (ISO instant). */
  retryAt: string | null;
  /** Why the server refused it, and what to do: shown under "Needs your attention". */
  attention: { reason: string; advice: string } | null;
};

/** What one send came back with: no answer at all (offline, timeout), or the server's answer. */
export type SendResult = { kind: 'network' } | { kind: 'answer'; status: number; code?: string; message?: string | readonly string[] };

export type SendOutcome = { next: 'done' } | { next: 'retry'; delayMs: number } | { next: 'attention'; reason: string; advice: string };

/** Retries of a send that got no answer or a server fault: 5 s doubling to at most 5 minutes. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 5 * 60_000;
export const retryDelayMs = (attempts: number): number => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));

/** What the technician can do about each kind of refusal. */
export const ATTENTION_ADVICE = {
  gone: 'The office removed this task or gave it to someone else. Call the office before doing more work on it.',
  conflict: 'The task changed while you were offline. Check it, then try again or call the office.',
  invalid: 'Check the details you entered, fix them and try again.',
  forbidden: 'You can no longer do this on this task. Call the office.',
  signedOut: 'Sign in again; your actions stay on this phone until they are sent.',
} as const;

const messageOf = (result: Extract<SendResult, { kind: 'answer' }>, fallback: string): string => {
  const m = result.message;
  const text = typeof m === 'string' ? m : m?.join(' ');
  return text && text.trim() ? text : fallback;
};

/**
 * Where an action goes after one send. Done on any 2xx (a replayed answer included). Retried when there was no
 * answer, on a server fault (5xx), on 408/429 and on "already being processed" (the same key still running). A
 * refusal (other 4xx) needs the technician, with the server's words.
 */
export function sendOutcome(result: SendResult, attempts: number): SendOutcome {
  if (result.kind === 'network') return { next: 'retry', delayMs: retryDelayMs(attempts) };
  const { status } = result;
  if (status >= 200 && status < 300) return { next: 'done' };
  if (status >= 500 || status === 408 || status === 429 || (status === 409 && messageOf(result, '') === IDEMPOTENCY_MESSAGES.inProgress))
    return { next: 'retry', delayMs: retryDelayMs(attempts) };
  if (status === 401) return { next: 'attention', reason: messageOf(result, 'You were signed out.'), advice: ATTENTION_ADVICE.signedOut };
  if (status === 403) return { next: 'attention', reason: messageOf(result, 'Not allowed.'), advice: ATTENTION_ADVICE.forbidden };
  if (status === 404) return { next: 'attention', reason: messageOf(result, 'Not found.'), advice: ATTENTION_ADVICE.gone };
  if (status === 409) return { next: 'attention', reason: messageOf(result, 'The task changed.'), advice: ATTENTION_ADVICE.conflict };
  return { next: 'attention', reason: messageOf(result, 'The server refused this action.'), advice: ATTENTION_ADVICE.invalid };
}

/**
 * The next action to send at `now`: the oldest waiting one whose retry time has come, unless an earlier action of
 * the same task is still unsent or needs attention (order within a task is kept; other tasks are not held up).
 */
export function nextToSend<T extends QueuedAction>(queue: readonly T[], now: Date): T | null {
  const ordered = [...queue].sort((a, b) => (a.actedAt < b.actedAt ? -1 : a.actedAt > b.actedAt ? 1 : a.id < b.id ? -1 : 1));
  const blocked = new Set<string>();
  for (const action of ordered) {
    if (action.state === 'done') continue;
    if (blocked.has(action.taskId)) continue;
    blocked.add(action.taskId);
    if (action.state === 'waiting' && (!action.retryAt || Date.parse(action.retryAt) <= now.getTime())) return action;
  }
  return null;
}

export type SyncState = 'online' | 'offline' | 'syncing' | 'waiting' | 'attention';

/** The sync indicator of every field screen: what matters most first (attention, then sending, then waiting). */
export function syncIndicator(queue: readonly QueuedAction[], online: boolean): { state: SyncState; waiting: number; attention: number; label: string } {
  const attention = queue.filter((a) => a.state === 'attention').length;
  const waiting = queue.filter((a) => a.state === 'waiting' || a.state === 'syncing').length;
  const syncing = online && queue.some((a) => a.state === 'syncing');
  const state: SyncState = attention ? 'attention' : syncing ? 'syncing' : waiting ? 'waiting' : online ? 'online' : 'offline';
  const label = {
    attention: `${attention} ${attention === 1 ? 'needs' : 'need'} your attention`,
    syncing: `Syncing ${waiting}…`,
    waiting: online ? `${waiting} waiting to sync` : `Offline — ${waiting} waiting to sync`,
    online: 'Online',
    offline: 'Offline',
  }[state];
  return { state, waiting, attention, label };
}
