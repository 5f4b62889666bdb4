import { ExternalLink } from 'lucide-react';
import type { Company } from '@fieldwork/domain/company/company.schemas';
import { Card } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';

/**
 * The company's public portal page, to put on its website or in a signature: customers ask there for a sign-in
 * link (sent only to an address on file) or request work.
 */
export function CustomerPortalCard({ company }: { company: Company }) {
  if (!company.portalPath) return null;
  const url = `${window.location.origin}${company.portalPath}`;
  return (
    <Card title="Customer portal">
      <div className="space-y-3 text-sm">
        <p className="text-muted">
          Every estimate and invoice you email carries a personal link for each recipient. Customers can also sign in or request work from your portal page:
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 rounded bg-gray-50 px-2 py-1 break-all text-gray-900" aria-label="Portal page address">
            {url}
          </code>
          <CopyButton value={url} label="Copy address" />
          <a href={company.portalPath} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-primary hover:underline">
            Open <ExternalLink className="size-3.5" aria-hidden />
          </a>
        </div>
      </div>
    </Card>
  );
}
