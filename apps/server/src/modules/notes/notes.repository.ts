import type { Db } from '@fieldwork/db/connection';
import type { NotesTable } from '@fieldwork/db/schema';
import { paging } from '@fieldwork/db/sql-helpers';

export type NoteRow = NotesTable & { author_name: string | null; author_photo: string | null };

function notesWithAuthor(db: Db, tenantId: string) {
  return db
    .selectFrom('notes')
    .leftJoin('users', 'users.id', 'notes.author_id')
    .selectAll('notes')
    .select(['users.name as author_name', 'users.photo_file_id as author_photo'])
    .where('notes.tenant_id', '=', tenantId);
}

/** Newest first; the id (time-ordered) keeps notes written in the same millisecond in the order they were written. */
export async function listNotes(db: Db, tenantId: string, jobId: string, page: number, limit: number): Promise<{ rows: NoteRow[]; total: number }> {
  const { offset } = paging(page, limit);
  const [rows, count] = await Promise.all([
    notesWithAuthor(db, tenantId)
      .where('notes.job_id', '=', jobId)
      .orderBy('notes.created_at', 'desc')
      .orderBy('notes.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findNote(db: Db, tenantId: string, noteId: string): Promise<NoteRow | undefined> {
  return notesWithAuthor(db, tenantId).where('notes.id', '=', noteId).executeTakeFirst();
}

export async function insertNote(db: Db, tenantId: string, row: Omit<NotesTable, 'tenant_id'>): Promise<void> {
  await db
    .insertInto('notes')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

export async function updateNoteText(db: Db, tenantId: string, noteId: string, note: string, updatedAt: string): Promise<void> {
  await db.updateTable('notes').set({ note, updated_at: updatedAt }).where('tenant_id', '=', tenantId).where('id', '=', noteId).execute();
}

export async function deleteNote(db: Db, tenantId: string, noteId: string): Promise<void> {
  await db.deleteFrom('notes').where('tenant_id', '=', tenantId).where('id', '=', noteId).execute();
}
