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
  /** The form's request is under way: the submit button shows it and the dialog refuses to close. */
  pending: boolean;
  /** The form cannot be sent yet (what it needs has not loaded or been filled in). */
  submitDisabled?: boolean;
  /** After a one-time result (a link, a secret) the footer offers only Done. */
  done?: boolean;
  /** Extra classes for the dialog box, e.g. a wider max-width for a form with a side panel. */
  className?: string;
  children: ReactNode;
};

/**
 * A dialog around one form, with Cancel and submit in the footer; closing it in any way calls onClose.
 * While the request is pending it cannot be closed (Escape, overlay, close button and Cancel are ignored):
 * closing then would hide the outcome of a write that still lands, and a second open could send it twice.
 */
export function FormDialog({ title, description, onClose, formId, submitLabel, pending, submitDisabled, done = false, className, children }: FormDialogProps) {
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title={title}
      description={description}
      className={className}
      footer={
        done ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={pending} disabled={submitDisabled}>
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
