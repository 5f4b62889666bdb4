/**
 * What a portal page shows while it loads or when it cannot: an ended session is said plainly with the way
 * back (the email link, or a new one) and never sends the customer to the staff sign-in.
 */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { Clock3, SearchX } from 'lucide-react';
import { PORTAL_MESSAGES } from '@fieldwork/domain/portal/portal.rules';
import { buttonClass } from '../../components/button';
import { ErrorState } from '../../components/error-state';
import { NoticePanel } from '../../components/notice-panel';
import { Skeleton } from '../../components/skeleton';
import { isApiError } from '../../lib/api-client';

export const PORTAL_NOT_FOUND = 'This page is not available.';

export function isSignedOut(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 401;
}

export function SignedOutNotice({ slug }: { slug?: string | null }) {
  return (
    <NoticePanel
      icon={<Clock3 size={28} aria-hidden="true" className="text-muted" />}
      title="Signed out"
      action={
        slug ? (
          <Link to="/portal/$slug" params={{ slug }} className={buttonClass('secondary', 'md', 'min-h-11')}>
            Get a new link
          </Link>
        ) : null
      }
    >
      {PORTAL_MESSAGES.signedOut}
    </NoticePanel>
  );
}

export function PortalNotFound() {
  return (
    <NoticePanel icon={<SearchX size={28} aria-hidden="true" className="text-muted" />} title="Not found" action={null}>
      {PORTAL_NOT_FOUND}
    </NoticePanel>
  );
}

/** A page's query before it has data: skeleton, signed out, not found (or not this customer's), or a retry. */
export function PortalLoadState({ query }: { query: UseQueryResult<unknown> }) {
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading" className="space-y-3">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (isSignedOut(query.error)) return <SignedOutNotice />;
  if (isApiError(query.error) && (query.error.statusCode === 404 || query.error.statusCode === 403)) return <PortalNotFound />;
  return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
}

export function PortalCard({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-border bg-white p-4 shadow-sm sm:p-6">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-gray-900">{title}</h2>
          {description ? <p className="mt-0.5 text-sm text-muted">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
