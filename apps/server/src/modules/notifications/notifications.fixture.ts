import type { Db } from '@fieldwork/db/connection';
import { runTransaction } from '@fieldwork/db/transactions';
import { withTenant } from '@fieldwork/db/tenant-scope';
import { recordNotification } from './notifications.service.ts';

/** A notification of the company as its sources write one, told to every office reader it has now. */
export function seedNotification(db: Db, tenantId: string, recordId = 'seeded-record'): Promise<string> {
  return withTenant(tenantId, () =>
    runTransaction(db, (trx) => recordNotification(trx, tenantId, { kind: 'invoice.paid', recordId, params: { number: 1, amountCents: 100 } })),
  );
}
