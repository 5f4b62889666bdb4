import { useState, type ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Ban, MoreHorizontal, Trash2, type LucideIcon } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { cn } from '../../lib/cn';

/** "#1042": how a document number reads in lists, menus and dialogs. */
export const documentNumberText = (n: number) => `#${n}`;

export const ROW_ICON_CLASS =
  'inline-flex rounded p-1.5 text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50';

export type RowMenuItem = { key: string; label: string; icon: LucideIcon; onSelect: () => void; destructive?: boolean };

/** The row's actions: keeps clicks and keys inside from reaching a clickable row or card around it. */
export function RowActionsFrame({ children }: { children: ReactNode }) {
  return (
    <span className="flex items-center gap-1" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      {children}
    </span>
  );
}

/** A compact "more" button with a keyboard-navigable menu (radix); nothing when no item is allowed. */
export function RowMenu({ label, items }: { label: string; items: readonly RowMenuItem[] }) {
  if (items.length === 0) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" aria-label={label} className={ROW_ICON_CLASS}>
          <MoreHorizontal size={16} aria-hidden="true" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-44 rounded-md border border-border bg-white p-1 shadow-lg">
          {items.map(({ key, label: text, icon: Icon, onSelect, destructive }) => (
            <DropdownMenu.Item
              key={key}
              onSelect={onSelect}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-gray-100',
                destructive ? 'text-danger' : 'text-gray-900',
              )}
            >
              <Icon size={14} aria-hidden="true" /> {text}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export type ConfirmRequest = {
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  /** Resolves when the action settles; its own toasts tell success or failure. */
  run: () => Promise<unknown>;
};

/** A menu item that asks first (delete, void, convert); destructive items read red. */
export function confirmedItem(ask: (request: ConfirmRequest) => void, key: string, label: string, icon: LucideIcon, request: ConfirmRequest): RowMenuItem {
  return { key, label, icon, destructive: request.destructive, onSelect: () => ask(request) };
}

type Ask = (request: ConfirmRequest) => void;
type Noun = 'Estimate' | 'Invoice';

/** "Delete", confirmed: the same wording for both documents. */
export const deleteItem = (ask: Ask, noun: Noun, number: string, run: () => Promise<unknown>) =>
  confirmedItem(ask, 'delete', 'Delete', Trash2, {
    title: `Delete ${noun.toLowerCase()}?`,
    description: `${noun} ${number} will be deleted. This cannot be undone.`,
    confirmLabel: 'Delete',
    destructive: true,
    run,
  });

/** "Void", confirmed, saying what a void document can no longer do. */
export const voidItem = (ask: Ask, noun: Noun, number: string, consequence: string, run: () => Promise<unknown>) =>
  confirmedItem(ask, 'void', 'Void', Ban, {
    title: `Void ${noun.toLowerCase()}?`,
    description: `${noun} ${number} will be void. ${consequence}`,
    confirmLabel: `Void ${noun}`,
    destructive: true,
    run,
  });

/** One confirmation dialog per row: `ask` opens it; it stays open, busy, until the action settles. */
export function useRowConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    try {
      await request.run();
    } catch {
      // The mutation's onError already told the user.
    } finally {
      setBusy(false);
      setRequest(null);
    }
  };
  const dialog = (
    <ConfirmDialog
      open={request !== null}
      onOpenChange={(open) => (open || busy ? undefined : setRequest(null))}
      title={request?.title ?? ''}
      description={request?.description ?? ''}
      confirmLabel={request?.confirmLabel ?? 'Confirm'}
      destructive={request?.destructive}
      loading={busy}
      onConfirm={() => void confirm()}
    />
  );
  return { ask: setRequest, dialog };
}
