import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { ErrorState } from '../components/error-state';
import { PageSpinner } from '../components/spinner';
import { sessionQuery } from '../lib/auth-context';
import { AppShell } from './lazy-pages';
import { NotFoundPage } from './not-found.page';

/** Unknown routes keep the sidebar for a signed-in user, so they can navigate on. */
export function RootNotFound() {
  const session = useQuery(sessionQuery);
  if (session.isLoading) return null;
  return session.data ? (
    <Suspense fallback={<PageSpinner />}>
      <AppShell>
        <NotFoundPage />
      </AppShell>
    </Suspense>
  ) : (
    <NotFoundPage />
  );
}

export function RootError({ error }: { error: unknown }) {
  const router = useRouter();
  return (
    <div className="p-6">
      <ErrorState error={error} onRetry={() => void router.invalidate()} />
    </div>
  );
}
