import type { ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';

export type SideSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** The spec's two sheet widths: 450 for task work, 600 for notes and activity. */
  width?: 450 | 600;
  children: ReactNode;
  footer?: ReactNode;
};

export function SideSheet({ open, onOpenChange, title, description, width = 450, children, footer }: SideSheetProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-gray-900/30" />
        <DialogPrimitive.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          style={{ maxWidth: width }}
          className="fixed inset-y-0 right-0 z-50 flex w-full flex-col border-l border-border bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-base font-semibold">{title}</DialogPrimitive.Title>
              {description ? <DialogPrimitive.Description className="mt-1 text-sm text-muted">{description}</DialogPrimitive.Description> : null}
            </div>
            <DialogPrimitive.Close className="rounded p-1 text-gray-500 hover:bg-gray-100" aria-label="Close">
              <X size={16} aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer ? <div className="flex justify-end gap-2 border-t border-border px-5 py-3">{footer}</div> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
