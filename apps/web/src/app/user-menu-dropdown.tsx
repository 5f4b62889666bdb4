import { DropdownMenu } from 'radix-ui';
import { LogOut, UserRound } from 'lucide-react';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { useSession, useSignOut } from '../lib/auth-context';
import { useQueuedActions } from '../shared/offline/use-action-queue';
import { USER_MENU_LABEL, USER_MENU_TRIGGER_CLASS, UserMenuFace } from './user-menu-face';

export const UNSENT_ON_SIGN_OUT = (n: number) =>
  `${n} ${n === 1 ? 'action has' : 'actions have'} not reached the office yet; ${n === 1 ? 'it stays' : 'they stay'} on this phone and ${n === 1 ? 'is' : 'are'} sent when you sign in again.`;

const itemClass = 'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-gray-800 outline-none data-[highlighted]:bg-gray-100';

/** The menu itself, loaded once the shell has painted; open or not is the caller's, so a press on the stand-in trigger carries over. */
export function UserMenuDropdown({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const unsent = useQueuedActions().length;

  const onSignOut = async () => {
    // Work kept offline stays with the device for this person's next sign-in; say so rather than let it seem lost.
    if (unsent > 0) toast.info(UNSENT_ON_SIGN_OUT(unsent));
    try {
      await signOut();
    } catch {
      // The local session is already cleared; the server session expires on its own.
      toast.error('Sign out did not reach the server.');
    }
    await navigate({ to: '/login' });
  };

  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger aria-label={USER_MENU_LABEL} className={USER_MENU_TRIGGER_CLASS}>
        <UserMenuFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-md border border-border bg-white p-1 shadow-lg">
          <div className="px-2 py-1.5">
            <p className="truncate text-sm font-medium text-gray-900">{user.name}</p>
            <p className="truncate text-xs text-muted">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate({ to: '/settings/user-profile' })}>
            <UserRound size={14} aria-hidden="true" /> Profile
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void onSignOut()}>
            <LogOut size={14} aria-hidden="true" /> Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
