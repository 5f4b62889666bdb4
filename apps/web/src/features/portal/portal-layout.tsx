/**
 * The frame of the signed-in portal pages: the company's branding, who is signed in, and "Sign out". The
 * customer's session is the portal's own cookie; when it ends (401) the page says so and stays in the portal.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { Button } from '../../components/button';
import { PortalFrame, PortalSpinner } from './portal-frame';
import { isSignedOut, PortalLoadState, SignedOutNotice } from './portal-load-state';
import { portalApi, portalKeys } from './portal.api';

export const portalMeQuery = { queryKey: portalKeys.me, queryFn: () => portalApi.me() };

/** The signed-in customer, for pages inside the layout (which has already loaded it). */
export function usePortalMe() {
  return useQuery(portalMeQuery).data;
}

export function PortalLayout() {
  const qc = useQueryClient();
  const me = useQuery(portalMeQuery);
  const onHub = useLocation({ select: (l) => l.pathname === '/portal' });
  const [signedOutFrom, setSignedOutFrom] = useState<string | null>(null);
  const slug = me.data?.company.slug ?? null;
  // A session can end while a page is open (it expired, or the office revoked the link): any portal call
  // answering 401 — a page's load or the customer's answer — ends the signed-in frame, not just the first load.
  useEffect(() => {
    const ended = (error: unknown) => {
      if (isSignedOut(error)) setSignedOutFrom((s) => s ?? slug ?? '');
    };
    const offQueries = qc.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.query.queryKey[0] === portalKeys.all[0]) ended(e.query.state.error);
    });
    const offMutations = qc.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.mutation) ended(e.mutation.state.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [qc, slug]);
  const signOut = useMutation({
    mutationFn: () => portalApi.signOut(),
    onSuccess: () => {
      setSignedOutFrom(me.data?.company.slug ?? null);
      qc.removeQueries({ queryKey: portalKeys.all });
    },
  });

  if (signedOutFrom !== null || signOut.isSuccess) {
    return (
      <PortalFrame company={null}>
        <SignedOutNotice slug={signedOutFrom || null} />
      </PortalFrame>
    );
  }
  if (me.isPending) return <PortalSpinner />;
  if (!me.data) {
    return (
      <PortalFrame company={null}>
        <PortalLoadState query={me} />
      </PortalFrame>
    );
  }

  const { company, customer } = me.data;
  return (
    <PortalFrame
      company={company}
      aside={
        <div className="flex items-center gap-2">
          <p className="text-sm text-muted">
            Signed in as <span className="font-medium text-gray-900">{customer.name}</span>
          </p>
          <Button variant="secondary" className="min-h-11" onClick={() => signOut.mutate()} loading={signOut.isPending}>
            <LogOut size={16} aria-hidden="true" /> Sign out
          </Button>
        </div>
      }
    >
      {onHub ? null : (
        <nav aria-label="Portal" className="-mt-1 text-sm">
          <Link to="/portal" className="inline-flex min-h-11 items-center text-primary hover:underline">
            All your estimates, invoices and visits
          </Link>
        </nav>
      )}
      <Outlet />
    </PortalFrame>
  );
}
