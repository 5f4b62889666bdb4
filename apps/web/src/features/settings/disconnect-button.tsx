import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';

type Props = {
  /** e.g. "Disconnect Stripe?" */
  title: string;
  description: string;
  doneText: string;
  disconnect: () => Promise<unknown>;
  /** The settings query to refetch once disconnected. */
  queryKey: QueryKey;
};

/** Disconnects an outside service (Stripe, Twilio) after a confirmation that says what stops and what stays. */
export function DisconnectButton({ title, description, doneText, disconnect, queryKey }: Props) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: disconnect,
    onSuccess: async () => {
      setOpen(false);
      toast.success(doneText);
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Disconnect
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        confirmLabel="Disconnect"
        destructive
        loading={mutation.isPending}
        onConfirm={() => mutation.mutate()}
      />
    </>
  );
}
