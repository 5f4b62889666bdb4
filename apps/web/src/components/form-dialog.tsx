import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export type FormDialogProps = {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  /** The id of the <form> inside, so the footer's submit button (outside the form) submits it. */
  formId: string;
  submitLabel: string;
  pending: boolean;
  /** After a one-time result (a link, a secret) the footer offers only Done. */
  done?: boolean;
  children: ReactNode;
};

/** A dialog around one form, with Cancel and submit in the footer; closing it in any way calls onClose. */
export function FormDialog({ title, description, onClose, formId, submitLabel, pending, done = false, children }: FormDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={description}
      footer={
        done ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={pending}>
              {submitLabel}
            </Button>
          </>
        )
      }
    >
      {children}
    </Dialog>
  );
}
