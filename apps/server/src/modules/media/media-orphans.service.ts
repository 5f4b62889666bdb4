import type { Db } from '@fieldwork/db/connection';
import { ORPHAN_MEDIA_HOURS } from '@fieldwork/domain/media.schemas';
import { deleteOrphanMediaRows } from './media.repository.ts';
import { mediaPath, removeQuietly, removeStaleTempFiles } from './media-storage.ts';

/**
 * Uploads made for a job form that was never saved: rows without a job older than the cutoff, and their
 * files; also temp files a crash left mid-upload. Rows go first (one statement), then their files.
 * Returns how many uploads were removed.
 */
export async function cleanOrphanMedia(db: Db, mediaDir: string, olderThanHours: number = ORPHAN_MEDIA_HOURS): Promise<number> {
  const cutoffMs = Date.now() - olderThanHours * 3_600_000;
  const keys = await deleteOrphanMediaRows(db, new Date(cutoffMs).toISOString());
  for (const key of keys) await removeQuietly(mediaPath(mediaDir, key)).catch(() => undefined);
  await removeStaleTempFiles(mediaDir, cutoffMs);
  return keys.length;
}
