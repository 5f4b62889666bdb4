import type { Db } from '@fieldwork/db/connection';
import { runTransaction } from '@fieldwork/db/transactions';
import { issueVisitLink } from './visit-links.service.ts';

/** A live visit link to one task, as its token (what the visit page posts), for the suites that call the public route. */
export async function visitTokenFor(db: Db, tenantId: string, taskId: string, arrival?: { from: Date; to: Date }): Promise<string> {
  const url = await runTransaction(db, (trx) => issueVisitLink(trx, tenantId, { taskId, ...(arrival ? { arrival } : {}) }, 'http://fixture.test'));
  return url.slice(url.indexOf('#') + 1);
}
