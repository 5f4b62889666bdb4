import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { SkeletonRows } from '../../components/skeleton';
import { formatDate } from '../../lib/format';

export type NamedItem = { id: string; name: string; createdAt: string };

type NameSchema = z.ZodType<{ name: string }, { name: string }>;

export type NamedItemsManagerProps = {
  noun: string;
  items: readonly NamedItem[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  emptyText: string;
  schema: NameSchema;
  timeZone: string;
  create: (name: string) => Promise<unknown>;
  rename: (id: string, name: string) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
};

/** Zones and tags are both flat lists of names: one screen shape for both. */
export function NamedItemsManager(props: NamedItemsManagerProps) {
  const { noun, items, isLoading, error, onRetry, emptyText, timeZone } = props;
  const [editing, setEditing] = useState<NamedItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NamedItem | null>(null);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const [deletePending, setDeletePending] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeletePending(true);
    setDeleteError(null);
    try {
      await props.remove(deleting.id);
      setDeleting(null);
    } catch (e) {
      setDeleteError(e);
    } finally {
      setDeletePending(false);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button onClick={() => setEditing('new')}>Add {noun.toLowerCase()}</Button>
      </div>
      <div className="rounded-lg border border-border bg-white">
        {isLoading ? (
          <SkeletonRows rows={4} />
        ) : error ? (
          <ErrorState error={error} onRetry={onRetry} />
        ) : !items || items.length === 0 ? (
          <EmptyState title={emptyText} />
        ) : (
          <ul className="divide-y divide-border">
            {items.map((item) => (
              <li key={item.id} className="flex items-center gap-3 px-4 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-gray-900">{item.name}</p>
                  <p className="text-xs text-muted">Added {formatDate(item.createdAt, timeZone)}</p>
                </div>
                <Button variant="ghost" size="icon" aria-label={`Rename ${item.name}`} onClick={() => setEditing(item)}>
                  <Pencil size={16} aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Delete ${item.name}`} onClick={() => (setDeleteError(null), setDeleting(item))}>
                  <Trash2 size={16} aria-hidden="true" className="text-danger" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {editing ? (
        <NameDialog
          noun={noun}
          item={editing === 'new' ? null : editing}
          schema={props.schema}
          onClose={() => setEditing(null)}
          save={(name) => (editing === 'new' ? props.create(name) : props.rename(editing.id, name))}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete ${noun.toLowerCase()}`}
        description={
          <>
            Delete “{deleting?.name}”? It is removed from every record that uses it.
            {deleteError ? (
              <span className="mt-2 block">
                <FormAlert error={deleteError} />
              </span>
            ) : null}
          </>
        }
        confirmLabel="Delete"
        destructive
        loading={deletePending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

function NameDialog({
  noun,
  item,
  schema,
  onClose,
  save,
}: {
  noun: string;
  item: NamedItem | null;
  schema: NameSchema;
  onClose: () => void;
  save: (name: string) => Promise<unknown>;
}) {
  const form = useForm<{ name: string }>({ resolver: zodResolver(schema), defaultValues: { name: item?.name ?? '' } });
  const [error, setError] = useState<unknown>(null);
  const submit = form.handleSubmit(async ({ name }) => {
    setError(null);
    try {
      await save(name);
      onClose();
    } catch (e) {
      setError(e);
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={item ? `Rename ${noun.toLowerCase()}` : `Add ${noun.toLowerCase()}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="named-item-form" loading={form.formState.isSubmitting}>
            Save
          </Button>
        </>
      }
    >
      <form id="named-item-form" noValidate onSubmit={submit} className="space-y-3">
        <FormAlert error={error} />
        <Field label={`${noun} name`} error={form.formState.errors.name?.message} required>
          <Input autoFocus {...form.register('name')} />
        </Field>
      </form>
    </Dialog>
  );
}
