/**
 * "Customer links" on an estimate's or invoice's page: the personal portal links sent for the document —
 * to whom, when, until when, when last opened — and "Revoke links", which ends every live one at once (a
 * customer can still ask for a fresh sign-in link from the company's portal page).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { portalLinkLive } from '@fieldwork/domain/portal/portal.rules';
import type { PortalLink } from '@fieldwork/domain/portal/portal.schemas';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useAuth } from '../../lib/auth-context';
import { isApiError, messageOf } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { portalKeys, portalLinksApi, type PortalDocumentKind } from '../../features/portal/portal.api';

export const CUSTOMER_LINKS_TITLE = 'Customer links';
export const REVOKE_LINKS = 'Revoke links';
export const LINKS_REVOKED = 'Customer links revoked.';
export const NO_CUSTOMER_LINKS = 'No customer links yet. Sending the document by email creates one.';

function LinkState({ link, now }: { link: PortalLink; now: number }) {
  if (link.revokedAt) return <Badge tone="danger">Revoked</Badge>;
  if (!portalLinkLive(link, now)) return <Badge tone="neutral">Expired</Badge>;
  return <Badge tone="success">Live</Badge>;
}

export function CustomerLinksSection({ kind, id, className }: { kind: PortalDocumentKind; id: string; className?: string }) {
  const { session } = useAuth();
  const qc = useQueryClient();
  const tz = session.company.timeZone;
  const key = portalKeys.links(kind, id);
  const query = useQuery({ queryKey: key, queryFn: () => portalLinksApi.list(kind, id) });
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => portalLinksApi.revoke(kind, id),
    onSuccess: (links) => {
      qc.setQueryData(key, links);
      setConfirming(false);
      toast.success(LINKS_REVOKED);
    },
    onError: (error) => toast.error(messageOf(error)),
  });

  // A viewer the server does not show links to (403/404) sees no section rather than an error.
  if (query.isError && isApiError(query.error) && [403, 404].includes(query.error.statusCode)) return null;
  const links = Array.isArray(query.data) ? query.data : [];
  const now = Date.now();
  const anyLive = links.some((l) => portalLinkLive(l, now));

  return (
    <Card
      title={CUSTOMER_LINKS_TITLE}
      className={className}
      actions={
        anyLive ? (
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            {REVOKE_LINKS}
          </Button>
        ) : null
      }
    >
      {query.isPending ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : links.length === 0 ? (
        <p className="text-sm text-muted">{NO_CUSTOMER_LINKS}</p>
      ) : (
        <ul aria-label={CUSTOMER_LINKS_TITLE} className="divide-y divide-border text-sm">
          {links.map((l) => (
            <li key={l.id} className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-[1fr_auto] sm:items-center">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium break-all text-gray-900">
                  {l.email} <LinkState link={l} now={now} />
                </p>
                <p className="text-muted">
                  Sent {formatDateTime(l.createdAt, tz)} ·{' '}
                  {l.revokedAt ? `Revoked ${formatDateTime(l.revokedAt, tz)}` : `Expires ${formatDateTime(l.expiresAt, tz)}`}
                </p>
              </div>
              <p className="text-muted sm:text-right">{l.lastOpenedAt ? `Last opened ${formatDateTime(l.lastOpenedAt, tz)}` : 'Not opened yet'}</p>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke customer links?"
        description={`Every live link to this ${kind} stops working at once. The customer can still ask for a new sign-in link from your portal page.`}
        confirmLabel={REVOKE_LINKS}
        destructive
        loading={revoke.isPending}
        onConfirm={() => revoke.mutate()}
      />
    </Card>
  );
}
