import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ASSET_MESSAGES, ASSET_TYPE_LABELS, type Asset } from '@fieldwork/domain/customers/assets.schemas';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState } from '../../components/error-state';
import { SkeletonRows } from '../../components/skeleton';
import { messageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { formatDate } from '../../lib/format';
import { AssetDialog, type SiteOption } from './asset-dialog';
import { assetKeys, assetsApi, type AssetScope } from '../../features/assets/assets.api';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

export type SiteAssetsProps = {
  /** The customer new equipment belongs to (the job's customer on a job). */
  customerId: string;
  /** On a job: list the equipment at the job's site instead of all the customer's. */
  jobId?: string;
  /** Sites equipment can be recorded at: all the customer's addresses, or the job's site address. */
  sites: readonly SiteOption[];
  /** Technicians read a site's equipment history but do not change it. */
  readOnly?: boolean;
  className?: string;
};

const ageText = (a: Asset) => (a.ageYears === null ? null : a.ageYears === 1 ? '1 year old' : `${a.ageYears} years old`);

/** The "Equipment" card: assets at a customer's sites or at a job's site, with add, edit and delete for the office. */
export function SiteAssets({ customerId, jobId, sites, readOnly = false, className }: SiteAssetsProps) {
  const scope: AssetScope = jobId ? { jobId } : { customerId };
  const auth = useAuth();
  const queryClient = useQueryClient();
  const tz = auth.session.company.timeZone;
  const canWrite = !readOnly && auth.can('assets.write');
  const [editing, setEditing] = useState<Asset | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Asset | null>(null);
  const assets = useQuery({ queryKey: assetKeys.list(scope), queryFn: () => assetsApi.list(scope) });
  const remove = useMutation({
    mutationFn: (a: Asset) => assetsApi.remove(a.id),
    onSuccess: async () => {
      toast.success('Asset deleted');
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: assetKeys.all });
    },
    onError: (error) => toast.error(messageOf(error)),
  });
  // A reply of another shape (an older server) reads as an empty list rather than breaking the host page.
  const rows = Array.isArray(assets.data?.data) ? assets.data.data : [];
  const total = assets.data?.pagination?.totalItems;
  const showSite = !jobId && sites.length > 1;

  return (
    <Card
      title={`Equipment${total === undefined ? '' : ` (${total})`}`}
      className={className}
      actions={
        canWrite ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing('new')} disabled={sites.length === 0}>
            <Plus size={14} aria-hidden="true" /> Add equipment
          </Button>
        ) : null
      }
    >
      {assets.isLoading ? (
        <SkeletonRows rows={2} label="Loading equipment" />
      ) : assets.error ? (
        <ErrorState error={assets.error} onRetry={() => void assets.refetch()} />
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted">{ASSET_MESSAGES.emptyList}</p>
      ) : (
        <ul className="divide-y divide-border" aria-label="Equipment">
          {rows.map((a) => {
            const title = [ASSET_TYPE_LABELS[a.type], [a.make, a.model].filter(Boolean).join(' ')].filter(Boolean).join(' · ');
            return (
              <li key={a.id} className="flex items-start justify-between gap-3 py-2 first:pt-0 last:pb-0">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-gray-900">{title}</p>
                  <p className="text-muted">
                    {[a.serial ? `Serial ${a.serial}` : null, a.installDate ? `Installed ${formatDate(`${a.installDate}T12:00:00Z`, 'UTC')}` : null, ageText(a)]
                      .filter(Boolean)
                      .join(' · ') || 'No details'}
                  </p>
                  {showSite ? <p className="text-muted">{a.siteAddress}</p> : null}
                  {a.notes ? <p className="mt-0.5 whitespace-pre-wrap text-gray-700">{a.notes}</p> : null}
                </div>
                {canWrite ? (
                  <div className="flex shrink-0 gap-1">
                    <Button variant="ghost" size="icon" aria-label={`Edit ${title}`} onClick={() => setEditing(a)}>
                      <Pencil size={14} aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="icon" aria-label={`Delete ${title}`} onClick={() => setDeleting(a)}>
                      <Trash2 size={14} aria-hidden="true" />
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {editing ? (
        <AssetDialog
          customerId={customerId}
          sites={sites}
          asset={editing === 'new' ? undefined : editing}
          today={dayIn(new Date(), tz)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title="Delete equipment"
        description={ASSET_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Card>
  );
}
