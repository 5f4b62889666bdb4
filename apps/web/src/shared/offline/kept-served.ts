import { useSyncExternalStore } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { keptKey } from '../../lib/offline-scope';

/**
 * Which screens show an answer kept on the device right now, and since when: the offline banner and the top bar's
 * pill read it from the first paint, while the code that reads and writes the device (kept-queries.ts, Dexie) loads
 * after it.
 */
// Queries showing a kept answer right now, with when it was saved: the offline banner reads this.
const served = new Map<string, number>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());
export function setServed(hash: string, savedAt: number | null) {
  if (savedAt === null ? !served.delete(hash) : served.get(hash) === savedAt) return;
  if (savedAt !== null) served.set(hash, savedAt);
  changed();
}

/** When the kept answer this query shows was saved, or null while it shows a live one. */
export function useServedFromKeptAt(queryKey: QueryKey): number | null {
  const hash = keptKey(queryKey);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => served.get(hash) ?? null,
  );
}

/**
 * Whether any screen shows a kept answer right now: the server could not be reached even if the browser says it is
 * online (a phone on Wi-Fi with no way out says so, and so does an emulated offline after a reload).
 */
export function useServingKept(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => served.size > 0,
  );
}

/** The queries shown from the device (the keys the cache hashes them by). */
export const servedHashes = (): string[] => [...served.keys()];

export function clearServed(): void {
  if (served.size === 0) return;
  served.clear();
  changed();
}

let keeping: () => void = () => undefined;
/** Resolves once answers are being written to the device: what is loaded ahead for offline waits for it. */
export const keepingStarted = new Promise<void>((resolve) => (keeping = resolve));
export const markKeepingStarted = (): void => keeping();
