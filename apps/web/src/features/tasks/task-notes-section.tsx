import { useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { toast } from 'sonner';
import type { Media } from '@fieldwork/domain/jobs/media.schemas';
import { NOTE_PLACEHOLDER, type Note } from '@fieldwork/domain/jobs/notes.schemas';
import type { Task } from '@fieldwork/domain/tasks/tasks.schemas';
import { Button, buttonClass } from '../../components/button';
import { Card } from '../../components/card';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { SkeletonRows } from '../../components/skeleton';
import { Spinner } from '../../components/spinner';
import { Textarea } from '../../components/textarea';
import { messageOf } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useIdempotencyKey } from '../../lib/idempotency';
import { jobKeys } from '../jobs/jobs.api';
import { NoteByline } from '../../shared/jobs/note-byline';
import { useSendOrQueue } from '../../shared/offline/use-action-queue';
import { taskNumberText } from '../../shared/tasks/task-status-badge';
import { KeptNotesAndPhotos } from './task-notes-kept';
import { taskNoteKeys, taskNotesApi } from './task-notes.api';

export const TASK_NOTES_TEXT = {
  title: 'Notes & photos',
  empty: 'No notes or photos yet.',
  noteAdded: 'Note added',
  photoAdded: 'Photo added',
  noteFailed: 'Failed to add note',
  photoFailed: 'Failed to add photo',
  notAPhoto: 'Choose a photo (PNG, JPEG, WebP or GIF).',
} as const;

/** Types a phone camera or gallery gives that the server keeps as photos; anything else is refused before sending. */
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/**
 * The task's job's notes and photos, and — when the task's actions allow it — adding a note or a photo (the
 * phone's camera opens directly). Shown when the viewer may add, or when there is something to read.
 */
export function TaskNotesSection({ task, timeZone }: { task: Task; timeZone: string }) {
  const queryClient = useQueryClient();
  const { addNote: noteAction, addPhoto: photoAction } = task.actions;
  const notes = useInfiniteQuery({
    queryKey: taskNoteKeys.notes(task.id),
    queryFn: ({ pageParam }) => taskNotesApi.notes(task.id, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.currentPage < last.pagination.totalPages ? last.pagination.currentPage + 1 : undefined),
  });
  const photos = useQuery({ queryKey: taskNoteKeys.photos(task.id), queryFn: () => taskNotesApi.photos(task.id) });
  const [viewing, setViewing] = useState<Media | null>(null);

  const noteItems = notes.data?.pages.flatMap((p) => p.data) ?? [];
  const photoItems = photos.data ?? [];
  const loading = notes.isLoading || photos.isLoading;
  const canAdd = noteAction.visible || photoAction.visible;
  if (!canAdd && !loading && noteItems.length === 0 && photoItems.length === 0 && !notes.error && !photos.error) return null;

  // The job's notes, counts and log change too (the office reads them on the job).
  const refresh = (key: readonly unknown[]) =>
    Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: jobKeys.all })]);

  return (
    <Card title={TASK_NOTES_TEXT.title}>
      <section aria-label={TASK_NOTES_TEXT.title} className="space-y-4">
        {canAdd ? (
          <TaskNotesComposer task={task} onNote={() => refresh(taskNoteKeys.notes(task.id))} onPhoto={() => refresh(taskNoteKeys.photos(task.id))} />
        ) : null}
        <KeptNotesAndPhotos taskId={task.id} />
        {loading ? (
          <SkeletonRows rows={2} label="Loading notes and photos" />
        ) : notes.error || photos.error ? (
          <ErrorState error={notes.error ?? photos.error} onRetry={() => void Promise.all([notes.refetch(), photos.refetch()])} />
        ) : noteItems.length === 0 && photoItems.length === 0 ? (
          <EmptyState title={TASK_NOTES_TEXT.empty} className="py-6" />
        ) : (
          <>
            {photoItems.length > 0 ? (
              <ul aria-label="Photos" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
                {photoItems.map((photo) => (
                  <li key={photo.id}>
                    <button
                      type="button"
                      onClick={() => setViewing(photo)}
                      className="block aspect-square w-full overflow-hidden rounded-md border border-border bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                      aria-label={`Open photo ${photo.fileName}`}
                    >
                      <img src={photo.fileLink} alt={photo.fileName} loading="lazy" className="h-full w-full object-cover" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {noteItems.length > 0 ? (
              <ul aria-label="Notes" className="space-y-3">
                {noteItems.map((note) => (
                  <NoteRow key={note.id} note={note} timeZone={timeZone} />
                ))}
              </ul>
            ) : null}
            {notes.hasNextPage ? (
              <Button variant="secondary" className="w-full" onClick={() => void notes.fetchNextPage()} loading={notes.isFetchingNextPage}>
                Load more notes
              </Button>
            ) : null}
          </>
        )}
      </section>
      <Dialog open={viewing !== null} onOpenChange={(o) => (o ? undefined : setViewing(null))} title={viewing?.fileName ?? 'Photo'} className="max-w-4xl">
        {viewing ? <img src={viewing.fileLink} alt={viewing.fileName} className="mx-auto max-h-[75vh] w-auto max-w-full rounded" /> : null}
      </Dialog>
    </Card>
  );
}

function NoteRow({ note, timeZone }: { note: Note; timeZone: string }) {
  return (
    <li className="rounded-lg border border-border p-3">
      <NoteByline note={note} timeZone={timeZone}>
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-gray-900">{note.note}</p>
      </NoteByline>
    </li>
  );
}

/** The textarea with "Add Note" and the "Add photo" camera button, each off with the rule's reason when refused. */
function TaskNotesComposer({ task, onNote, onPhoto }: { task: Task; onNote: () => Promise<unknown>; onPhoto: () => Promise<unknown> }) {
  const { addNote: noteAction, addPhoto: photoAction } = task.actions;
  const [draft, setDraft] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  // One key per note or photo, reused when the same one is retried after an unknown outcome (slow connection).
  const noteKey = useIdempotencyKey();
  const photoKey = useIdempotencyKey();
  // Without signal a note or photo is kept on the phone (its bytes too) and sent with the same key later.
  const sendOrQueue = useSendOrQueue();
  const summary = (what: string) => `${what} · task ${taskNumberText(task.taskNumber)} ${task.name}`;

  const addNote = useMutation({
    mutationFn: (text: string) => {
      const key = noteKey.keyFor({ taskId: task.id, text });
      const kept = { id: key, kind: 'note' as const, taskId: task.id, payload: { note: text }, summary: summary('Note') };
      return sendOrQueue(kept, () => taskNotesApi.addNote(task.id, text, key));
    },
    onSettled: (_d, error) => noteKey.settled(error ?? undefined),
    onSuccess: async (result, sentText) => {
      // Clear only what was sent: a note typed meanwhile stays in the box.
      setDraft((current) => (current.trim() === sentText ? '' : current));
      if (result.queued) return;
      toast.success(TASK_NOTES_TEXT.noteAdded);
      await onNote();
    },
    onError: (error) => toast.error(TASK_NOTES_TEXT.noteFailed, { description: messageOf(error) }),
  });
  const addPhoto = useMutation({
    mutationFn: async (file: File) => {
      const key = photoKey.keyFor({ taskId: task.id, name: file.name, size: file.size, modified: file.lastModified });
      const payload = { fileName: file.name, type: file.type, data: await file.arrayBuffer() };
      return sendOrQueue({ id: key, kind: 'photo', taskId: task.id, payload, summary: summary('Photo') }, () =>
        taskNotesApi.addPhoto(task.id, file, file.name, key),
      );
    },
    onSettled: (_d, error) => photoKey.settled(error ?? undefined),
    onSuccess: async (result) => {
      if (result.queued) return;
      toast.success(TASK_NOTES_TEXT.photoAdded);
      await onPhoto();
    },
    onError: (error) => toast.error(TASK_NOTES_TEXT.photoFailed, { description: messageOf(error) }),
  });

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) {
      toast.error(TASK_NOTES_TEXT.photoFailed, { description: TASK_NOTES_TEXT.notAPhoto });
      return;
    }
    addPhoto.mutate(file);
  };
  const reason = noteAction.reason ?? photoAction.reason;
  const photoOff = !photoAction.allowed || addPhoto.isPending;

  return (
    <div className="space-y-2">
      {noteAction.visible ? (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.trim() && !addNote.isPending) addNote.mutate(draft.trim());
          }}
        >
          <Textarea
            aria-label="New note"
            placeholder={NOTE_PLACEHOLDER}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            rows={3}
            disabled={!noteAction.allowed}
          />
          <div className="flex flex-wrap items-center justify-end gap-2">
            {photoAction.visible ? (
              <PhotoButton inputRef={fileInput} disabled={photoOff} loading={addPhoto.isPending} reason={photoAction.reason} onChange={onFile} />
            ) : null}
            <Button
              type="submit"
              className="h-11 sm:h-9"
              disabled={!noteAction.allowed || !draft.trim()}
              loading={addNote.isPending}
              title={noteAction.reason ?? undefined}
            >
              Add Note
            </Button>
          </div>
        </form>
      ) : photoAction.visible ? (
        <div className="flex justify-end">
          <PhotoButton inputRef={fileInput} disabled={photoOff} loading={addPhoto.isPending} reason={photoAction.reason} onChange={onFile} />
        </div>
      ) : null}
      {reason ? <p className="text-xs text-muted">{reason}</p> : null}
    </div>
  );
}

/** A file input that opens the phone's back camera (or the gallery / file picker elsewhere), shown as a button. */
function PhotoButton(p: {
  inputRef: RefObject<HTMLInputElement | null>;
  disabled: boolean;
  loading: boolean;
  reason: string | null;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <label
      title={p.reason ?? undefined}
      className={cn(
        buttonClass('secondary', 'md', 'h-11 cursor-pointer sm:h-9'),
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary',
        p.disabled && 'cursor-not-allowed opacity-50',
      )}
    >
      <input
        ref={p.inputRef}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        disabled={p.disabled}
        onChange={p.onChange}
        aria-label="Add photo"
      />
      {p.loading ? <Spinner /> : <Camera size={16} aria-hidden="true" />}
      <span aria-hidden="true">{p.loading ? 'Uploading…' : 'Add photo'}</span>
    </label>
  );
}
