import { Dexie, type Table } from 'dexie';
import type { QueryKey } from '@tanstack/react-query';
import type { QueuedAction } from '@fieldwork/domain/offline/offline-queue.rules';
import { keptKey, offlineDbName, type OfflineScope } from './offline-scope';

/** One kept answer of the API: the query's data as it last arrived online, and when. */
export type KeptAnswer = { key: string; queryKey: QueryKey; data: unknown; savedAt: number };

export type OfflineStore = {
  readonly name: string;
  save: (queryKey: QueryKey, data: unknown, savedAt: number) => Promise<void>;
  read: (queryKey: QueryKey) => Promise<KeptAnswer | undefined>;
  all: () => Promise<KeptAnswer[]>;
  remove: (keys: readonly string[]) => Promise<void>;
};

/**
 * One action the technician made without signal, kept until the server accepted it: the queue's record
 * (`QueuedAction` of the domain's queue rules) with what to send and a line saying what it was.
 */
export type StoredAction<P = unknown> = QueuedAction & { payload: P; summary: string };

class OfflineDb extends Dexie {
  answers!: Table<KeptAnswer, string>;
  actions!: Table<StoredAction, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ answers: 'key, savedAt' });
    this.version(2).stores({ answers: 'key, savedAt', actions: 'id, actedAt' });
  }
}

const open = new Map<string, OfflineDb>();

function dbOf(scope: OfflineScope): OfflineDb {
  const name = offlineDbName(scope);
  let db = open.get(name);
  if (!db) {
    db = new OfflineDb(name);
    open.set(name, db);
  }
  return db;
}

/** The signed-in person's queue of actions made offline (the same database as their kept answers). */
export function offlineActions(scope: OfflineScope): Table<StoredAction, string> {
  return dbOf(scope).actions;
}

/** The signed-in person's store (opened on first use). */
export function offlineStore(scope: OfflineScope): OfflineStore {
  const db = dbOf(scope);
  return {
    name: db.name,
    save: async (queryKey, data, savedAt) => {
      await db.answers.put({ key: keptKey(queryKey), queryKey, data, savedAt });
    },
    read: (queryKey) => db.answers.get(keptKey(queryKey)),
    all: () => db.answers.toArray(),
    remove: async (keys) => {
      if (keys.length > 0) await db.answers.bulkDelete([...keys]);
    },
  };
}

/**
 * Sign-out: the person's kept day leaves the device with them — but not work they did offline that the server
 * has not accepted yet: the database then keeps only those actions, sent when they sign in again.
 */
export async function forgetOfflineStore(scope: OfflineScope): Promise<void> {
  const db = dbOf(scope);
  if ((await db.actions.count()) > 0) await db.answers.clear();
  else await deleteOfflineStore(scope);
}

/** Removes the person's whole database. */
export async function deleteOfflineStore(scope: OfflineScope): Promise<void> {
  const name = offlineDbName(scope);
  open.get(name)?.close();
  open.delete(name);
  await Dexie.delete(name);
}
