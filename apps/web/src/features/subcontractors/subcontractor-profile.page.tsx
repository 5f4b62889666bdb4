import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import { Badge } from '../../components/badge';
import { buttonClass } from '../../components/button';
import { Card, DetailList } from '../../components/card';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { SkeletonForm } from '../../components/skeleton';
import { useAuth } from '../../lib/auth-context';
import { dash, formatDate } from '../../lib/format';
import { backLink } from './subcontractor-back-link';
import { subcontractorKeys, subcontractorsApi } from './subcontractors.api';

const refList = (refs: readonly { id: string; name: string }[]) =>
  refs.length === 0 ? (
    '—'
  ) : (
    <span className="flex flex-wrap gap-1">
      {refs.map((r) => (
        <Badge key={r.id} tone="primary">
          {r.name}
        </Badge>
      ))}
    </span>
  );

export function SubcontractorProfilePage() {
  const { id = '' } = useParams({ strict: false });
  const auth = useAuth();
  const sub = useQuery({ queryKey: subcontractorKeys.detail(id), queryFn: () => subcontractorsApi.get(id) });
  if (sub.isLoading) return <SkeletonForm fields={6} />;
  if (sub.error || !sub.data) return <ErrorState error={sub.error} onRetry={() => void sub.refetch()} />;
  const s = sub.data;
  return (
    <>
      <PageHeader
        back={backLink}
        title={
          <span className="flex items-center gap-2">
            {s.name}
            <Badge tone={s.isActive ? 'success' : 'neutral'}>{s.isActive ? 'Active' : 'Inactive'}</Badge>
          </span>
        }
        actions={
          auth.can('subcontractors.write') ? (
            <Link to="/subcontractor/$id/edit" params={{ id: s.id }} className={buttonClass('secondary')}>
              <Pencil size={14} aria-hidden="true" /> Edit
            </Link>
          ) : null
        }
      />
      <Card>
        <DetailList
          items={[
            { label: 'Kind', value: s.kind === 'COMPANY' ? 'Company' : 'Person' },
            { label: 'Contact name', value: dash(s.contactName) },
            { label: 'Email', value: dash(s.email) },
            { label: 'Phone', value: dash(s.phone) },
            { label: 'Service tags', value: refList(s.tags) },
            { label: 'Zones', value: refList(s.zones) },
            { label: 'Linked login user', value: s.user ? `${s.user.name} (${s.user.email})` : '—' },
            { label: 'Created On', value: formatDate(s.createdAt, auth.session.company.timeZone) },
          ]}
        />
      </Card>
    </>
  );
}
