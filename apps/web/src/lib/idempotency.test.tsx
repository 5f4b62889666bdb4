import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { api, ApiError } from './api-client';
import { IN_PROGRESS_MESSAGE, useIdempotencyKey } from './idempotency';

afterEach(() => vi.unstubAllGlobals());

describe('api client headers', () => {
  it('sends the given headers, e.g. Idempotency-Key, beside its own', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: 1 }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/tasks/close', { taskId: 'x' }, { headers: { 'Idempotency-Key': 'k-1' } });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ 'Idempotency-Key': 'k-1', 'Content-Type': 'application/json', Accept: 'application/json' });
    await api.get('/tasks');
    expect((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('Idempotency-Key');
  });
});

describe('useIdempotencyKey', () => {
  it('reuses the key for a retry of the same request after an unknown outcome, and starts a new one after an answer or another request', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const body = { taskId: 't1' };
    const k1 = result.current.keyFor(body);
    expect(k1).toMatch(/^[0-9a-f-]{36}$/);
    result.current.settled(new ApiError(0, 'NETWORK', 'offline'));
    expect(result.current.keyFor({ taskId: 't1' })).toBe(k1);
    result.current.settled(new ApiError(502, 'INTERNAL', 'bad gateway'));
    expect(result.current.keyFor(body)).toBe(k1);
    result.current.settled(new ApiError(409, 'CONFLICT', IN_PROGRESS_MESSAGE));
    expect(result.current.keyFor(body)).toBe(k1);
    result.current.settled(new ApiError(409, 'CONFLICT', 'This task was changed by someone else. Reload and try again.'));
    const k2 = result.current.keyFor(body);
    expect(k2).not.toBe(k1);
    expect(result.current.keyFor({ taskId: 't2' })).not.toBe(k2);
    const k3 = result.current.keyFor(body);
    result.current.settled();
    expect(result.current.keyFor(body)).not.toBe(k3);
  });
});
