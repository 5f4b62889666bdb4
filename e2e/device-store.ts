/**
 * What the offline field app keeps on the device, read straight from IndexedDB, for the browser tests and the
 * offline benchmark. Reading the store itself (not the screens) is what shows that the phone really holds the day.
 */
import type { Page } from 'playwright-core';

export type DeviceStores = {
  name: string;
  rows: Record<string, unknown[]>;
  usage: number | null;
  usageDetails: Record<string, number> | null;
};

export type KeptAnswer = { key: string; queryKey: unknown[]; data: unknown };
export type KeptAction = { id: string; kind: string; actedAt: string; state: string };

/**
 * Runs in the page (through page.evaluate), so it uses nothing outside its own body and no named inner functions
 * (a bundler's name-keeping wrapper would not exist there). Null when the signed-in user has no device store yet;
 * a store the schema does not have yet reads as empty.
 */
async function readInPage(stores: string[]): Promise<DeviceStores | null> {
  const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('fieldwork-offline'))?.name;
  if (!name) return null;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(name);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const rows: Record<string, unknown[]> = {};
  for (const store of stores) {
    rows[store] = db.objectStoreNames.contains(store)
      ? await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result as unknown[]);
          req.onerror = () => reject(req.error);
        })
      : [];
  }
  db.close();
  const estimate = (await navigator.storage?.estimate?.()) as (StorageEstimate & { usageDetails?: Record<string, number> }) | undefined;
  return { name, rows, usage: estimate?.usage ?? null, usageDetails: estimate?.usageDetails ?? null };
}

export function readDeviceStores(page: Page, stores: string[]): Promise<DeviceStores | null> {
  return page.evaluate(readInPage, stores);
}

export type KeptDay = {
  name: string;
  /** Task ids of each kept My day answer, by day. */
  days: Record<string, string[]>;
  /** Ids of the tasks whose page (detail answer) is kept. */
  taskPages: string[];
  rows: number;
  bytes: number;
  actions: KeptAction[];
  usage: number | null;
  usageDetails: Record<string, number> | null;
};

/** The kept answers and actions of the signed-in user, summed up as My day sees them. */
export async function readKeptDay(page: Page): Promise<KeptDay | null> {
  const store = await readDeviceStores(page, ['answers', 'actions']);
  if (!store) return null;
  const answers = store.rows.answers as KeptAnswer[];
  const days: Record<string, string[]> = {};
  const taskPages: string[] = [];
  for (const row of answers) {
    const [, kind, id] = row.queryKey as [string, string, string];
    if (kind === 'my-day') days[id] = ((row.data as { items?: { id: string }[] }).items ?? []).map((t) => t.id);
    if (kind === 'detail') taskPages.push(id);
  }
  return {
    name: store.name,
    days,
    taskPages,
    rows: answers.length,
    bytes: answers.reduce((n, r) => n + JSON.stringify(r).length, 0),
    actions: (store.rows.actions as KeptAction[]).map(({ id, kind, actedAt, state }) => ({ id, kind, actedAt, state })),
    usage: store.usage,
    usageDetails: store.usageDetails,
  };
}
