import { hashKey, type QueryKey } from '@tanstack/react-query';

/**
 * What the app needs to know about the device store without loading it: whose database, its name, the key of a
 * kept answer. The store itself (lib/offline-store.ts, Dexie) loads after the first paint.
 */

/** Whose cache: one database per person per company, so two people on one phone never read each other's day. */
export type OfflineScope = { userId: string; companyId: string };

const DB_PREFIX = 'fieldwork-offline';

export const offlineDbName = (scope: OfflineScope) => `${DB_PREFIX}:${scope.companyId}:${scope.userId}`;

/** The query key as the cache hashes it, so a kept answer is found by the same key the page asks with. */
export const keptKey = (queryKey: QueryKey) => hashKey(queryKey);

/** Whether IndexedDB exists here at all (it does not in some private modes and test runners). */
export const canKeepOffline = () => typeof indexedDB !== 'undefined';
