import { lazy, Suspense, useEffect, useState } from 'react';
import { useSession } from '../lib/auth-context';
import { USER_MENU_LABEL, USER_MENU_TRIGGER_CLASS, UserMenuFace } from './user-menu-face';

// The menu's popup (radix menu and its positioning, a fifth of the first paint) only shows on a click, so it loads after the shell paints.
const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));

export function UserMenu() {
  const { user } = useSession();
  // The real menu replaces the stand-in only after a whole press on it, never in the middle of one: swapped in
  // between pointerdown and click, the press would land on neither, and a menu mounted open mid-press closes at
  // once on the rest of that press. Its code is fetched as soon as the shell has painted.
  const [pressed, setPressed] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => void loadDropdown(), []);
  const standIn = (
    <button
      type="button"
      aria-label={USER_MENU_LABEL}
      aria-haspopup="menu"
      aria-expanded={false}
      className={USER_MENU_TRIGGER_CLASS}
      onClick={() => {
        setPressed(true);
        setOpen(true);
      }}
    >
      <UserMenuFace user={user} />
    </button>
  );
  if (!pressed) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserMenuDropdown open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
