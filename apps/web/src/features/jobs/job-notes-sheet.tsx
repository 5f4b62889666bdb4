import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { NOTE_PLACEHOLDER, type Note } from '@fieldwork/domain/jobs/notes.schemas';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { SideSheet } from '../../components/side-sheet';
import { SkeletonRows } from '../../components/skeleton';
import { Textarea } from '../../components/textarea';
import { messageOf } from '../../lib/api-client';
import { NoteByline } from '../../shared/jobs/note-byline';
import { jobKeys, jobsApi } from './jobs.api';

type NoteAction = 'add' | 'update' | 'delete';

/** The save answered about another note than the one sent: known by its type, not by words. */
class NoteMismatch extends Error {}

const failed = (action: NoteAction, error: unknown) => toast.error(`Failed to ${action} note`, { description: messageOf(error) });

export type JobNotesSheetProps = {
  jobId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canAdd: boolean;
  /** Opened from "Add Note": the composer takes the focus. */
  focusComposer?: boolean;
  timeZone?: string;
};

/** The job's notes in a 600 px side sheet: paged list, add, edit in place, delete with confirmation. */
export function JobNotesSheet({ jobId, open, onOpenChange, canAdd, focusComposer, timeZone }: JobNotesSheetProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [toDelete, setToDelete] = useState<Note | null>(null);
  const composer = useRef<HTMLTextAreaElement>(null);

  const notes = useInfiniteQuery({
    queryKey: jobKeys.notes(jobId),
    queryFn: ({ pageParam }) => jobsApi.notes(jobId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.currentPage < last.pagination.totalPages ? last.pagination.currentPage + 1 : undefined),
    enabled: open,
  });

  useEffect(() => {
    if (open && focusComposer) {
      const t = setTimeout(() => composer.current?.focus(), 50);
      return () => clearTimeout(t);
    }
  }, [open, focusComposer]);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: jobKeys.notes(jobId) });
    void queryClient.invalidateQueries({ queryKey: jobKeys.detail(jobId) });
    void queryClient.invalidateQueries({ queryKey: jobKeys.activities(jobId) });
  };

  const add = useMutation({
    mutationFn: (text: string) => jobsApi.addNote(jobId, text),
    onSuccess: async () => {
      setDraft('');
      toast.success('Note added');
      await refresh();
    },
    onError: (error) => failed('add', error),
  });

  const update = useMutation({
    mutationFn: async ({ note, text }: { note: Note; text: string }) => {
      const saved = await jobsApi.updateNote(note.id, text);
      // Spec: an answer about another note than the one sent is a failure.
      if (saved && saved.id !== note.id) throw new NoteMismatch();
      return saved;
    },
    onSuccess: async () => {
      toast.success('Note updated');
      await refresh();
    },
    onError: (error) => (error instanceof NoteMismatch ? toast.error('Something went wrong') : failed('update', error)),
  });

  const remove = useMutation({
    mutationFn: (note: Note) => jobsApi.deleteNote(note.id),
    onSuccess: async () => {
      setToDelete(null);
      toast.success('Note deleted');
      await refresh();
    },
    onError: (error) => failed('delete', error),
  });

  const items = notes.data?.pages.flatMap((p) => p.data) ?? [];
  const total = notes.data?.pages[0]?.pagination.totalItems;

  return (
    <SideSheet
      open={open}
      onOpenChange={onOpenChange}
      width={600}
      title="Notes"
      description={total !== undefined ? `${total} ${total === 1 ? 'note' : 'notes'}` : undefined}
    >
      {canAdd ? (
        <form
          className="mb-4 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.trim()) add.mutate(draft.trim());
          }}
        >
          <Textarea ref={composer} aria-label="New note" placeholder={NOTE_PLACEHOLDER} value={draft} onChange={(e) => setDraft(e.target.value)} rows={3} />
          <div className="flex justify-end">
            <Button type="submit" size="sm" disabled={!draft.trim()} loading={add.isPending}>
              Add
            </Button>
          </div>
        </form>
      ) : null}

      {notes.isLoading ? (
        <SkeletonRows rows={3} label="Loading notes" />
      ) : notes.error ? (
        <ErrorState error={notes.error} onRetry={() => void notes.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No notes yet" className="py-8" />
      ) : (
        <ul aria-label="Notes" className="space-y-3">
          {items.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              timeZone={timeZone}
              saving={update.isPending && update.variables?.note.id === note.id}
              onUpdate={(text, done) => update.mutate({ note, text }, { onSuccess: done })}
              onDelete={() => setToDelete(note)}
            />
          ))}
        </ul>
      )}
      {notes.hasNextPage ? (
        <Button variant="secondary" className="mt-3 w-full" onClick={() => void notes.fetchNextPage()} loading={notes.isFetchingNextPage}>
          Load more
        </Button>
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => (o ? undefined : setToDelete(null))}
        title="Delete note?"
        description="This note will be removed from the job."
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </SideSheet>
  );
}

function NoteItem({
  note,
  timeZone,
  saving,
  onUpdate,
  onDelete,
}: {
  note: Note;
  timeZone?: string;
  saving: boolean;
  onUpdate: (text: string, done: () => void) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.note);
  const unchanged = text.trim() === note.note.trim();

  return (
    <li className="rounded-lg border border-border p-3">
      <NoteByline
        note={note}
        timeZone={timeZone}
        extra={note.updatedAt !== note.createdAt ? <span className="text-xs text-muted"> · edited</span> : null}
        side={
          !editing && (note.actions.edit || note.actions.delete) ? (
            <span className="flex shrink-0 gap-1">
              {note.actions.edit ? (
                <Button
                  variant="ghost"
                  size="icon"
                  className="h-7 w-7"
                  aria-label="Edit note"
                  onClick={() => {
                    setText(note.note);
                    setEditing(true);
                  }}
                >
                  <Pencil size={14} aria-hidden="true" />
                </Button>
              ) : null}
              {note.actions.delete ? (
                <Button variant="ghost" size="icon" className="h-7 w-7" aria-label="Delete note" onClick={onDelete}>
                  <Trash2 size={14} aria-hidden="true" />
                </Button>
              ) : null}
            </span>
          ) : null
        }
      >
        {editing ? (
          <form
            className="mt-2 space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (!unchanged && text.trim()) onUpdate(text.trim(), () => setEditing(false));
            }}
          >
            <Textarea aria-label="Edit note text" value={text} onChange={(e) => setText(e.target.value)} rows={3} autoFocus placeholder={NOTE_PLACEHOLDER} />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" size="sm" onClick={() => setEditing(false)} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" size="sm" disabled={unchanged || !text.trim()} loading={saving}>
                Update
              </Button>
            </div>
          </form>
        ) : (
          <p className="mt-1 text-sm break-words whitespace-pre-wrap text-gray-900">{note.note}</p>
        )}
      </NoteByline>
    </li>
  );
}
