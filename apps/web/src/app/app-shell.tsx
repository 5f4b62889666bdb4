import { useState, type ReactNode } from 'react';
import { Outlet } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import { AuthProvider, useSession } from '../lib/auth-context';
import { SidebarNav } from './sidebar-nav';
import { UserMenu } from './user-menu';

function Brand() {
  return (
    <div className="flex h-14 items-center gap-2 px-4">
      <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded-md bg-primary text-sm font-bold text-white">
        F
      </span>
      <span className="text-base font-semibold text-gray-900">Fieldwork</span>
    </div>
  );
}

function ShellLayout({ children }: { children?: ReactNode }) {
  const { company } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className="flex min-h-full">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-screen w-56 shrink-0 flex-col border-r border-border bg-white lg:flex">
        <Brand />
        <SidebarNav />
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
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
            <SidebarNav onNavigate={() => setDrawerOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-white px-3 sm:px-4">
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
            className="rounded p-2 text-gray-700 hover:bg-gray-100 lg:hidden"
          >
            <Menu size={18} aria-hidden="true" />
          </button>
          <p className="min-w-0 flex-1 truncate text-sm font-semibold text-gray-900" title={company.name}>
            {company.name}
          </p>
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
      <ShellLayout>{children}</ShellLayout>
    </AuthProvider>
  );
}
