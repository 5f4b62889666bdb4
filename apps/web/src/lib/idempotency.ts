import { useCallback, useRef } from 'react';
import { isApiError } from './api-client';

/** The header the server's field actions (clock-in, clock-out, close) honour. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The server's answer while the first request with a key is still running. */
export const IN_PROGRESS_MESSAGE = 'This request is already being processed.';

export const idempotencyHeaders = (key: string | undefined): Record<string, string> | undefined => (key ? { [IDEMPOTENCY_HEADER]: key } : undefined);

/**
 * Whether an error leaves the outcome of a request unknown — the network dropped, the server failed (5xx,
 * never stored) or the first try is still running — so a retry must reuse its key to be safe.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.statusCode === 0 || error.statusCode >= 500 || (error.statusCode === 409 && error.message === IN_PROGRESS_MESSAGE);
}

/**
 * One idempotency key per user action: `keyFor(request)` gives a fresh key for a new request and the same
 * key when the same request is sent again after an unknown outcome (a retry over a slow connection), so
 * the server runs it at most once. `settled(error?)` after each attempt: an answer (success, or a refusal
 * the server kept) ends the action, so the next submit is a new one.
 */
export function useIdempotencyKey(): { keyFor: (request: unknown) => string; settled: (error?: unknown) => void } {
  const current = useRef<{ key: string; request: string } | null>(null);
  const keyFor = useCallback((request: unknown) => {
    const text = JSON.stringify(request ?? null);
    if (current.current?.request !== text) current.current = { key: crypto.randomUUID(), request: text };
    return current.current.key;
  }, []);
  const settled = useCallback((error?: unknown) => {
    if (error === undefined || !outcomeUnknown(error)) current.current = null;
  }, []);
  return { keyFor, settled };
}
