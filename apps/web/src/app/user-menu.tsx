import { lazy, Suspense, useState } from 'react';
import { useSession } from '../lib/auth-context';
import { USER_MENU_LABEL, USER_MENU_TRIGGER_CLASS, UserMenuFace } from './user-menu-face';

// The menu's popup (radix menu and its positioning, a fifth of the first paint) only shows on a click, so it loads after the shell paints.
const UserMenuDropdown = lazy(() => import('./user-menu-dropdown').then((m) => ({ default: m.UserMenuDropdown })));

export function UserMenu() {
  const { user } = useSession();
  const [clicked, setClicked] = useState(false);
  // The stand-in looks and reads like the trigger; a click on it opens the menu as soon as the menu is there.
  const standIn = (
    <button type="button" aria-label={USER_MENU_LABEL} aria-haspopup="menu" aria-expanded={false} className={USER_MENU_TRIGGER_CLASS} onClick={() => setClicked(true)}>
      <UserMenuFace user={user} />
    </button>
  );
  return (
    <Suspense fallback={standIn}>
      <UserMenuDropdown defaultOpen={clicked} />
    </Suspense>
  );
}
