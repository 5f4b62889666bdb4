import { useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { afterFirstPaint } from '../lib/after-first-paint';
import { setUnauthorizedHandler } from '../lib/api-client';
import { clearSession } from '../lib/auth-context';
import type { AppRouter } from './router';

export function Providers({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  useEffect(() => {
    // A 401 on a normal call means the session ended elsewhere (sign-out, disabled, password change).
    setUnauthorizedHandler(() => {
      clearSession(queryClient);
      const here = router.state.location;
      if (here.pathname !== '/login') void router.navigate({ to: '/login', search: { redirect: here.href } });
    });
    return () => setUnauthorizedHandler(null);
  }, [queryClient, router]);

  // The technician's day is written to the device as it loads and read back when there is no signal. The code that
  // does it (and Dexie under it) is fetched once the first screen has painted: neither sign-in nor dashboard waits.
  // Answers that failed before it loaded are filled from the device when it starts.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    afterFirstPaint()
      .then(() => import('../shared/offline/kept-queries'))
      .then((m) => {
        if (!gone) stop = m.keepQueriesOffline(queryClient);
      })
      // Only a page (or test) torn down while it loads gets here; nothing is kept then.
      .catch(() => undefined);
    return () => {
      gone = true;
      stop?.();
    };
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster position="top-right" richColors closeButton />
    </QueryClientProvider>
  );
}
