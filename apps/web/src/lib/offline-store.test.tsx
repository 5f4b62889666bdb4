import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Dexie } from 'dexie';
import { makeSession, mockApi, route, testQueryClient } from '../test-utils';
import { SESSION_KEY, useSignOut } from './auth-context';
import { deleteOfflineStore, offlineStore } from './offline-store';
import { offlineDbName, type OfflineScope } from './offline-scope';

const pat: OfflineScope = { userId: 'u-pat', companyId: 'c-acme' };
const sam: OfflineScope = { userId: 'u-sam', companyId: 'c-acme' };
const patElsewhere: OfflineScope = { userId: 'u-pat', companyId: 'c-other' };
const day = ['tasks', 'my-day', '2026-11-27'] as const;

afterEach(async () => {
  for (const scope of [pat, sam, patElsewhere]) await deleteOfflineStore(scope);
});

describe('offline store', () => {
  it('reads back what was saved, with the time it was saved', async () => {
    await offlineStore(pat).save(day, { items: [{ id: 't1' }] }, 1_700_000_000_000);
    const kept = await offlineStore(pat).read(day);
    expect(kept?.data).toEqual({ items: [{ id: 't1' }] });
    expect(kept?.savedAt).toBe(1_700_000_000_000);
    expect(kept?.queryKey).toEqual(day);
    expect(await offlineStore(pat).read(['tasks', 'my-day', '2026-11-28'])).toBeUndefined();
  });

  it('keeps one database per person and company, so another person on the phone reads nothing of it', async () => {
    await offlineStore(pat).save(day, { items: [{ id: 'pats' }] }, 1);
    expect(offlineDbName(pat)).not.toBe(offlineDbName(sam));
    expect(offlineDbName(pat)).toMatch(/^fieldwork-offline/);
    expect(await offlineStore(sam).read(day)).toBeUndefined();
    expect(await offlineStore(patElsewhere).read(day)).toBeUndefined();
    await offlineStore(sam).save(day, { items: [{ id: 'sams' }] }, 2);
    expect((await offlineStore(pat).read(day))?.data).toEqual({ items: [{ id: 'pats' }] });
  });

  it('deletes the signed-out person’s database and only theirs', async () => {
    const session = makeSession('Technician', 'noAccess');
    const mine: OfflineScope = { userId: session.user.id, companyId: session.company.id };
    await offlineStore(mine).save(day, { items: [] }, 1);
    await offlineStore(sam).save(day, { items: [] }, 1);
    const queryClient = testQueryClient();
    queryClient.setQueryData(SESSION_KEY, session);
    mockApi(route('POST', '/api/auth/logout', { status: 204 }));
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useSignOut(), { wrapper });

    expect(await Dexie.exists(offlineDbName(mine))).toBe(true);
    await act(() => result.current());
    expect(await Dexie.exists(offlineDbName(mine))).toBe(false);
    expect(await Dexie.exists(offlineDbName(sam))).toBe(true);
  });
});
