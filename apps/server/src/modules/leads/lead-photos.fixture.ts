import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { pngImage } from '@fieldwork/testing/image-samples';
import { insertFile } from '../files/files.repository.ts';
import { insertLeadPhoto } from './lead-photos.repository.ts';

/** Tests only: a photo on a lead, as a customer's request for work leaves it; answers the photo's file id. */
export async function addLeadPhoto(db: Db, tenantId: string, leadId: string, position = 0): Promise<string> {
  const fileId = randomUUID();
  const now = new Date().toISOString();
  await insertFile(db, tenantId, { id: fileId, contentType: 'image/png', data: pngImage(8, 8), createdBy: null, now });
  await insertLeadPhoto(db, tenantId, { lead_id: leadId, file_id: fileId, position, created_at: now });
  return fileId;
}
