import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Outlet } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { AuthProvider, useSession } from '../lib/auth-context';
import { Brand } from './brand';
import { SidebarNav } from './sidebar-nav';
import { UserMenu } from './user-menu';
import { useNewLeadsLive } from '../features/leads/use-new-leads-live';
import { NotificationBell } from '../features/notifications/notification-bell';
import { SyncIndicator } from '../shared/offline/sync-indicator';
import { ActionQueueProvider } from '../shared/offline/use-action-queue';

// The drawer of narrow screens opens on a tap, so its dialog code loads then, not with the first paint.
const NavDrawer = lazy(() => import('./nav-drawer').then((m) => ({ default: m.NavDrawer })));

function ShellLayout({ children }: { children?: ReactNode }) {
  const { company } = useSession();
  useNewLeadsLive();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  return (
    <div className="flex min-h-full">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-screen w-56 shrink-0 flex-col border-r border-border bg-white lg:flex">
        <Brand />
        <SidebarNav />
      </aside>

      {drawerUsed ? (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      ) : null}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-white px-3 sm:px-4">
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
            className="rounded p-2 text-gray-700 hover:bg-gray-100 lg:hidden"
          >
            <Menu size={18} aria-hidden="true" />
          </button>
          <p className="min-w-0 flex-1 truncate text-sm font-semibold text-gray-900" title={company.name}>
            {company.name}
          </p>
          <SyncIndicator />
          <NotificationBell />
          <UserMenu />
        </header>
        <main id="main" className="min-w-0 flex-1 px-3 py-4 sm:px-6 sm:py-6">
          {children ?? <Outlet />}
        </main>
      </div>
    </div>
  );
}

/** The signed-in frame; children replace the route outlet (used by the 404 page). */
export function AppShell({ children }: { children?: ReactNode }) {
  return (
    <AuthProvider>
      <ActionQueueProvider>
        <ShellLayout>{children}</ShellLayout>
      </ActionQueueProvider>
    </AuthProvider>
  );
}
