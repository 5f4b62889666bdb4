import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isApiError } from './api-client';

type SaveOptions<Body, Result> = {
  save: (body: Body) => Promise<Result>;
  /** The feature's root key: every list and detail showing the record refreshes. */
  invalidate: QueryKey;
  successMessage: string;
  /** Runs after the lists are refreshed, usually a navigation to the saved record. */
  onSaved: (result: Result) => Promise<void> | void;
  onError?: (error: Error) => Promise<void>;
};

/** Create or update a record: toast, refresh what shows it, then move on. */
export function useRecordSave<Body, Result>({ save, invalidate, successMessage, onSaved, onError }: SaveOptions<Body, Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (result) => {
      toast.success(successMessage);
      await queryClient.invalidateQueries({ queryKey: invalidate });
      await onSaved(result);
    },
    onError,
  });
}

type EditOptions<Rec, Body extends { version?: number }, Result> = Omit<SaveOptions<Body, Result>, 'save' | 'onError'> & {
  detailKey: QueryKey;
  load: () => Promise<Rec>;
  /** Gets the body with the version filled in from the loaded record when the form had none. */
  update: (body: Body & { version: number }) => Promise<Result>;
};

/**
 * Loads a versioned record and saves edits against the version the form started from. When someone
 * else saved first (409 STALE_VERSION) it shows the server's message and reloads the record, so the
 * form (keyed by version) starts over from their data.
 */
export function useRecordEdit<Rec extends { version: number }, Body extends { version?: number }, Result>({
  detailKey,
  load,
  update,
  ...saveOptions
}: EditOptions<Rec, Body, Result>) {
  const queryClient = useQueryClient();
  const record = useQuery({ queryKey: detailKey, queryFn: load });
  const save = useRecordSave({
    ...saveOptions,
    save: (body: Body) => update({ ...body, version: body.version ?? record.data?.version ?? 1 }),
    onError: async (error) => {
      if (isApiError(error) && error.code === 'STALE_VERSION') {
        toast.error(error.message);
        await queryClient.invalidateQueries({ queryKey: detailKey });
      }
    },
  });
  return { record, save };
}
