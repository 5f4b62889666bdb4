import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import { ActiveBadge, Badge, NameBadges } from '../../components/badge';
import { buttonClass } from '../../components/button';
import { Card, DetailList } from '../../components/card';
import { MessagesCard } from '../../shared/messages/messages-panel';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { BackLink, PageHeader } from '../../components/page-header';
import { SkeletonForm } from '../../components/skeleton';
import { useAuth } from '../../lib/auth-context';
import { dash, formatDate } from '../../lib/format';
import { customerKeys, customersApi } from './customers.api';
import { SiteAssets } from '../../shared/assets/site-assets';
import { CustomerPlansCard } from '../../shared/plans/customer-plans-card';
import { TextsOffBadge } from '../../shared/customers/texts-off-badge';

export function CustomerProfilePage() {
  const { id = '' } = useParams({ strict: false });
  const auth = useAuth();
  const customer = useQuery({ queryKey: customerKeys.detail(id), queryFn: () => customersApi.get(id) });
  if (customer.isLoading) return <SkeletonForm fields={6} />;
  if (customer.error || !customer.data) return <ErrorState error={customer.error} onRetry={() => void customer.refetch()} />;
  const c = customer.data;
  const tz = auth.session.company.timeZone;
  return (
    <>
      <PageHeader
        back={<BackLink to="/customers">Customers</BackLink>}
        title={
          <span className="flex items-center gap-2">
            {c.name}
            <ActiveBadge active={c.isActive} />
          </span>
        }
        actions={
          auth.can('customers.write') ? (
            <Link to="/customer/$id/edit" params={{ id: c.id }} className={buttonClass('secondary')}>
              <Pencil size={14} aria-hidden="true" /> Edit
            </Link>
          ) : null
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Account" className="lg:col-span-2">
          <DetailList
            items={[
              { label: 'Email', value: dash(c.email) },
              { label: 'Phone', value: dash(c.phone) },
              { label: 'Tags', value: <NameBadges items={c.tags} empty="—" /> },
              { label: 'Created On', value: formatDate(c.createdAt, tz) },
              { label: 'Notes', value: <span className="whitespace-pre-wrap">{dash(c.notes)}</span> },
            ]}
          />
        </Card>
        <Card title={`Addresses (${c.customerAddress.length})`}>
          <ul className="divide-y divide-border">
            {c.customerAddress.map((a) => (
              <li key={a.id} className="py-2 first:pt-0 last:pb-0">
                <p className="font-medium">{a.addressLine1}</p>
                {a.buildingUnit ? <p className="text-muted">Unit: {a.buildingUnit}</p> : null}
                <p className="text-muted">{a.fullAddress}</p>
              </li>
            ))}
          </ul>
        </Card>
        <Card title={`Contacts (${c.contacts.length})`}>
          {c.contacts.length === 0 ? (
            <EmptyState className="py-4" />
          ) : (
            <ul className="divide-y divide-border">
              {c.contacts.map((p) => (
                <li key={p.id} className="py-2 first:pt-0 last:pb-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {p.name} {p.isBilling ? <Badge tone="outline">Billing</Badge> : null}
                    <TextsOffBadge textsOff={p.textsOff} timeZone={tz} />
                  </p>
                  <p className="text-muted">{[p.email, p.mobileNumber].filter(Boolean).join(' · ') || '—'}</p>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <CustomerPlansCard customerId={c.id} className="min-w-0 lg:col-span-2" />
        <SiteAssets customerId={c.id} sites={c.customerAddress.map((a) => ({ id: a.id, label: a.fullAddress || a.addressLine1 }))} className="lg:col-span-2" />
        <MessagesCard refs={{ customerId: c.id }} className="min-w-0 lg:col-span-2" />
      </div>
    </>
  );
}
