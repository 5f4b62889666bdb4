import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { Brand } from './brand';
import { SidebarNav } from './sidebar-nav';

/** The navigation drawer of narrow screens. */
export function NavDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/40 lg:hidden" />
        <Dialog.Content aria-describedby={undefined} className="fixed inset-y-0 left-0 z-50 flex w-64 max-w-[85vw] flex-col bg-white shadow-xl lg:hidden">
          <div className="flex items-center justify-between pr-2">
            <Brand />
            <Dialog.Title className="sr-only">Navigation</Dialog.Title>
            <Dialog.Close aria-label="Close menu" className="rounded p-2 text-gray-600 hover:bg-gray-100">
              <X size={18} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <SidebarNav onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
