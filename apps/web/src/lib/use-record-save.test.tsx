import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'sonner';
import { testQueryClient } from '../test-utils';
import { ApiError } from './api-client';
import { useRecordEdit } from './use-record-save';

type Rec = { id: string; name: string; version: number };
type Body = { name: string; version?: number };

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>;
}

function renderEdit(update: (body: { name: string; version: number }) => Promise<Rec>) {
  let version = 1;
  const load = vi.fn(async (): Promise<Rec> => ({ id: 'r1', name: `v${version}`, version: version++ }));
  const onSaved = vi.fn();
  const hook = renderHook(
    () => useRecordEdit<Rec, Body, Rec>({ detailKey: ['recs', 'detail', 'r1'], load, update, invalidate: ['recs'], successMessage: 'Record updated', onSaved }),
    { wrapper },
  );
  return { ...hook, load, onSaved };
}

describe('useRecordEdit', () => {
  it('saves with the loaded version, then toasts and moves on', async () => {
    const success = vi.spyOn(toast, 'success');
    const update = vi.fn(async (body: { name: string; version: number }) => ({ id: 'r1', ...body }));
    const { result, onSaved } = renderEdit(update);
    await waitFor(() => expect(result.current.record.data?.version).toBe(1));

    act(() => result.current.save.mutate({ name: 'New name' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith({ name: 'New name', version: 1 });
    expect(success).toHaveBeenCalledWith('Record updated');
  });

  it('on a stale version shows the server message and reloads the record', async () => {
    const error = vi.spyOn(toast, 'error');
    const update = vi.fn(async (): Promise<Rec> => {
      throw new ApiError(409, 'STALE_VERSION', 'Someone else changed this record. Reload and try again.');
    });
    const { result, load, onSaved } = renderEdit(update);
    await waitFor(() => expect(result.current.record.data?.version).toBe(1));

    act(() => result.current.save.mutate({ name: 'Mine' }));
    await waitFor(() => expect(result.current.record.data?.version).toBe(2));
    expect(error).toHaveBeenCalledWith('Someone else changed this record. Reload and try again.');
    expect(load).toHaveBeenCalledTimes(2);
    expect(onSaved).not.toHaveBeenCalled();
    expect(result.current.save.error).toBeInstanceOf(ApiError);
  });
});
