import type { ReactNode } from 'react';
import type { Note } from '@fieldwork/domain/jobs/notes.schemas';
import { Avatar } from '../../components/avatar';
import { formatDateTime } from '../../lib/format';

/** Who wrote a job note and when, beside their avatar; `extra` follows the time (e.g. "· edited"), `side` sits right. */
export function NoteByline({
  note,
  timeZone,
  extra,
  side,
  children,
}: {
  note: Note;
  timeZone?: string | undefined;
  extra?: ReactNode;
  side?: ReactNode;
  children?: ReactNode;
}) {
  const author = note.noteCreatedBy?.username || 'Former user';
  return (
    <div className="flex items-start gap-3">
      <Avatar name={author} src={note.noteCreatedBy?.profileImg} size={28} />
      <div className="min-w-0 flex-1">
        <div className="flex items-center justify-between gap-2">
          <p className="min-w-0 truncate text-sm">
            <span className="font-medium text-gray-900">{author}</span>{' '}
            <time dateTime={note.createdAt} className="text-xs text-muted">
              {formatDateTime(note.createdAt, timeZone)}
            </time>
            {extra}
          </p>
          {side}
        </div>
        {children}
      </div>
    </div>
  );
}
