import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { PORTAL_TOKEN_BYTES } from '@fieldwork/domain/portal/portal.rules';
import { visitLinkExpiry } from '@fieldwork/domain/portal/visit-status.rules';
import { sha256 } from '../../lib/crypto.ts';
import { findTaskSchedule, insertVisitLink } from './visit-links.repository.ts';

/** The address a visit link opens: the token rides in the fragment, which browsers never send to a server or in a Referer. */
export const visitUrl = (origin: string, token: string) => `${origin}/portal/visit#${token}`;

export type VisitLinkSpec = {
  taskId: string;
  /** The window of the "on my way" this link goes out with; the visit page shows the latest one. */
  arrival?: { from: Date | string; to: Date | string };
};

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

/**
 * A new personal link to one visit, in the caller's transaction (the text that carries it and the link commit
 * together or not at all). Answers the URL in the clear for that text alone; only the token's hash is stored.
 * Each text gets its own link, so an old text's link keeps working until its own expiry.
 */
export async function issueVisitLink(trx: Db, tenantId: string, spec: VisitLinkSpec, origin: string): Promise<string> {
  const task = await findTaskSchedule(trx, tenantId, spec.taskId);
  if (!task) throw new AppError('NOT_FOUND', 'Task not found.');
  const now = new Date();
  const token = randomBytes(PORTAL_TOKEN_BYTES).toString('base64url');
  await insertVisitLink(trx, {
    id: randomUUID(),
    tenant_id: tenantId,
    task_id: spec.taskId,
    token_hash: sha256(token),
    arrival_from: spec.arrival ? iso(spec.arrival.from) : null,
    arrival_to: spec.arrival ? iso(spec.arrival.to) : null,
    expires_at: visitLinkExpiry({ startAt: task.start_at, expectedEndAt: task.expected_end_at }, now),
    created_at: now.toISOString(),
  });
  return visitUrl(origin, token);
}
