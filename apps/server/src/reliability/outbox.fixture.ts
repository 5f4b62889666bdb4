import { withTenant } from '@fieldwork/db/tenant-scope';
import { runTransaction } from '@fieldwork/db/transactions';
import type { Db } from '@fieldwork/db/connection';
import { buildTenant } from '@fieldwork/testing/factories';
import { createSecretBox, loadServerKeys } from '../lib/secret-box.ts';
import { queueEmail } from '../modules/messages/messages.service.ts';

/**
 * `count` emails of a new company queued as the product queues them, straight into a store the servers share,
 * subjects `<label> <i>`; sealed under `secretKey`, which the servers must be given too. Returns the message ids.
 */
export async function queueTestEmails(db: Db, secretKey: string, label: string, count: number): Promise<string[]> {
  const tenantId = (await buildTenant(db)).id;
  const box = createSecretBox(loadServerKeys({ secretKey, dataDir: '/nonexistent' }));
  const ids: string[] = [];
  // On SQLite BEGIN IMMEDIATE: the servers' workers write to the same file, and a deferred transaction that reads first
  // (the company's branding) fails with "database is locked" when one commits before its first write.
  await withTenant(tenantId, () =>
    runTransaction(
      db,
      async (trx) => {
        for (let i = 0; i < count; i++) {
          ids.push(
            await queueEmail(
              { db: trx, tenantId, box },
              { kind: 'estimate', to: [`${label}-${i}@example.com`], subject: `${label} ${i}`, content: { message: `Email ${i}` }, createdBy: null },
            ),
          );
        }
      },
      { immediate: true },
    ),
  );
  return ids;
}
