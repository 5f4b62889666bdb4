import type { SessionInfo } from '@fieldwork/domain/access/auth.schemas';
import { Avatar } from '../components/avatar';

export const USER_MENU_LABEL = 'User menu';
export const USER_MENU_TRIGGER_CLASS = 'flex items-center gap-2 rounded-full p-0.5 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary';

/** What the user menu's trigger shows: the same before and after the menu's code arrives. */
export function UserMenuFace({ user }: { user: SessionInfo['user'] }) {
  return (
    <>
      <Avatar name={user.name} src={user.profileImageUrl} size={32} />
      <span className="hidden max-w-40 truncate pr-2 text-sm font-medium text-gray-800 sm:inline">{user.name}</span>
    </>
  );
}
