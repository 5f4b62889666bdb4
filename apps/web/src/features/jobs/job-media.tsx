import { useRef, useState, type DragEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileText, Trash2, Upload, X } from 'lucide-react';
import { toast } from 'sonner';
import { MEDIA_KINDS, MEDIA_MAX_BYTES, type Media } from '@fieldwork/domain/jobs/media.schemas';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState } from '../../components/error-state';
import { SkeletonRows } from '../../components/skeleton';
import { messageOf } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatDate, formatDateTime } from '../../lib/format';
import { jobKeys, jobsApi, mediaFileUrl, type MediaTarget } from './jobs.api';

const ACCEPT = Object.keys(MEDIA_KINDS).join(',');
const MAX_MB = Math.round(MEDIA_MAX_BYTES / (1024 * 1024));

type Upload = { key: string; name: string; progress: number; error?: string };

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A quick check before sending; the server checks the content itself. */
export function mediaProblem(file: File): string | null {
  if (file.size > MEDIA_MAX_BYTES) return `${file.name} is larger than ${MAX_MB} MB.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.type && !(file.type in MEDIA_KINDS)) return `${file.name}: this file type is not supported. Use images, PDF or office documents.`;
  return null;
}

export type JobMediaProps = {
  target: MediaTarget;
  canUpload: boolean;
  canDelete: boolean;
  /** Extra queries to refresh after a change (the job's counts and activity). */
  onChanged?: () => void;
  timeZone?: string;
  /** A narrow side card: a one-line drop zone and a list that scrolls past a few files. */
  compact?: boolean;
};

/** Media and documents of a job (or of a job form not yet saved): upload with progress, list, open, delete. */
export function JobMedia({ target, canUpload, canDelete, onChanged, timeZone, compact = false }: JobMediaProps) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [toDelete, setToDelete] = useState<Media | null>(null);
  const media = useQuery({ queryKey: jobKeys.media(target), queryFn: () => jobsApi.media(target) });

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: jobKeys.media(target) });
    onChanged?.();
  };

  const patch = (key: string, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const send = async (file: File) => {
    const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
    const problem = mediaProblem(file);
    setUploads((list) => [...list, { key, name: file.name, progress: 0, error: problem ?? undefined }]);
    if (problem) return;
    try {
      await jobsApi.uploadMedia(target, file, (progress) => patch(key, { progress }));
      setUploads((list) => list.filter((u) => u.key !== key));
      await refresh();
    } catch (error) {
      const message = messageOf(error);
      patch(key, { error: message });
      toast.error('Upload failed', { description: `${file.name}: ${message}` });
    }
  };

  const sendAll = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) void send(file);
    if (inputRef.current) inputRef.current.value = '';
  };

  const remove = useMutation({
    mutationFn: (m: Media) => jobsApi.deleteMedia(m.id),
    onSuccess: async () => {
      setToDelete(null);
      toast.success('File deleted');
      await refresh();
    },
    onError: (error) => toast.error('Failed to delete file', { description: messageOf(error) }),
  });

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (canUpload) sendAll(e.dataTransfer.files);
  };

  const items = media.data ?? [];

  return (
    <div className="space-y-3">
      {canUpload ? (
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex items-center gap-2 rounded-lg border border-dashed border-border-strong text-center',
            compact ? 'flex-wrap justify-between px-3 py-2' : 'flex-col px-4 py-5',
            dragging && 'border-primary bg-primary-soft',
          )}
        >
          {compact ? (
            <>
              <span className="text-xs text-muted">Drop files here, or</span>
              <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()}>
                <Upload size={14} aria-hidden="true" /> Upload files
              </Button>
            </>
          ) : (
            <>
              <Upload size={20} aria-hidden="true" className="text-gray-400" />
              <p className="text-sm text-muted">Drop files here, or</p>
              <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()}>
                Upload files
              </Button>
              <p className="text-xs text-muted">Images, PDF and office documents, up to {MAX_MB} MB each.</p>
            </>
          )}
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose files to upload"
            onChange={(e) => sendAll(e.target.files)}
          />
        </div>
      ) : null}

      {uploads.length > 0 ? (
        <ul aria-label="Uploads" className="space-y-2">
          {uploads.map((u) => (
            <li key={u.key} className="rounded-md border border-border px-3 py-2 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate">{u.name}</span>
                {u.error ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="h-7 w-7"
                    aria-label={`Dismiss ${u.name}`}
                    onClick={() => setUploads((l) => l.filter((x) => x.key !== u.key))}
                  >
                    <X size={14} aria-hidden="true" />
                  </Button>
                ) : (
                  <span className="text-xs text-muted tabular-nums">{Math.round(u.progress * 100)}%</span>
                )}
              </div>
              {u.error ? (
                <p role="alert" className="mt-1 text-xs text-danger">
                  {u.error}
                </p>
              ) : (
                <div
                  role="progressbar"
                  aria-label={`Uploading ${u.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(u.progress * 100)}
                  className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-gray-100"
                >
                  <div className="h-full bg-primary transition-[width]" style={{ width: `${Math.round(u.progress * 100)}%` }} />
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {media.isLoading ? (
        <SkeletonRows rows={2} label="Loading files" />
      ) : media.error ? (
        <ErrorState error={media.error} onRetry={() => void media.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">No files yet.</p>
      ) : (
        <ul aria-label="Files" className={cn('divide-y divide-border rounded-md border border-border', compact && 'max-h-96 overflow-y-auto')}>
          {items.map((m) => (
            <li key={m.id} className="flex items-center gap-2 px-2 py-2 sm:px-3">
              <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center overflow-hidden rounded bg-gray-100 text-gray-500">
                {m.mediaType === 'IMAGE' ? (
                  <img
                    src={mediaFileUrl(m.id)}
                    alt=""
                    loading="lazy"
                    className="h-full w-full object-cover"
                    onError={(e) => (e.currentTarget.style.display = 'none')}
                  />
                ) : (
                  <FileText size={16} />
                )}
              </span>
              <div className="min-w-0 flex-1">
                <a
                  href={mediaFileUrl(m.id)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block truncate text-sm font-medium text-primary hover:underline"
                  title={m.fileName}
                >
                  {m.fileName}
                </a>
                <p className="truncate text-xs text-muted" title={formatDateTime(m.createdAt, timeZone)}>
                  {formatBytes(m.size)} · {formatDate(m.createdAt, timeZone)}
                  {m.createdBy ? ` · ${m.createdBy.username}` : ''}
                </p>
              </div>
              <a
                href={mediaFileUrl(m.id)}
                download={m.fileName}
                aria-label={`Download ${m.fileName}`}
                className="rounded p-1.5 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
              >
                <Download size={16} aria-hidden="true" />
              </a>
              {canDelete ? (
                <Button variant="ghost" size="icon" className="h-8 w-8" aria-label={`Delete ${m.fileName}`} onClick={() => setToDelete(m)}>
                  <Trash2 size={16} aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Delete file?"
        description={toDelete ? `${toDelete.fileName} will be removed from this job.` : ''}
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </div>
  );
}
