import { cn } from '../lib/cn';
import { Button } from './button';

/** Cancel and Save of a page form; Cancel is locked while saving so the user cannot leave mid-request. */
export function FormActions({ onCancel, pending, disabled, className }: { onCancel: () => void; pending: boolean; disabled?: boolean; className?: string }) {
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" loading={pending} disabled={disabled}>
        Save
      </Button>
    </div>
  );
}
