import { Link, Outlet } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth-context';
import { SETTINGS_NAV } from './settings-nav-items';

export function SettingsNav() {
  const auth = useAuth();
  return (
    <nav aria-label="Settings" className="-mx-3 overflow-x-auto px-3 lg:mx-0 lg:px-0">
      <ul className="flex gap-1 border-b border-border lg:flex-col lg:border-b-0">
        {SETTINGS_NAV.filter((item) => item.visible(auth)).map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              // "Users" must not light up on /settings/users/invited.
              activeOptions={{ exact: true }}
              className="block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-gray-700 hover:bg-gray-100 data-[status=active]:bg-primary-soft data-[status=active]:text-primary-hover"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SettingsLayout() {
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:gap-6">
      <aside className="lg:w-44 lg:shrink-0">
        <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-muted uppercase lg:block">Settings</p>
        <SettingsNav />
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
