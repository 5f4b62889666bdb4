import type { Db } from '@fieldwork/db/connection';
import { ORPHAN_MEDIA_HOURS } from '@fieldwork/domain/jobs/media.schemas';
import { withTenant } from '@fieldwork/db/tenant-scope';
import { listTenantIds } from '../account-core/company.repository.ts';
import { deleteOrphanMediaRows } from './media.repository.ts';
import { mediaPath, removeQuietly, removeStaleTempFiles } from './media-storage.ts';

/**
 * Uploads made for a job form that was never saved: rows without a job older than the cutoff, and their
 * files; also temp files a crash left mid-upload. Rows go first (one statement), then their files.
 * Returns how many uploads were removed.
 */
export async function cleanOrphanMedia(db: Db, mediaDir: string, olderThanHours: number = ORPHAN_MEDIA_HOURS): Promise<number> {
  const cutoffMs = Date.now() - olderThanHours * 3_600_000;
  const cutoff = new Date(cutoffMs).toISOString();
  const keys: string[] = [];
  // Company by company: the sweep runs outside any request, and row-level security opens one company at a time.
  for (const tenantId of await listTenantIds(db)) keys.push(...(await withTenant(tenantId, () => deleteOrphanMediaRows(db, tenantId, cutoff))));
  for (const key of keys) await removeQuietly(mediaPath(mediaDir, key)).catch(() => undefined);
  await removeStaleTempFiles(mediaDir, cutoffMs);
  return keys.length;
}
