import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import { ActiveBadge, NameBadges } from '../../components/badge';
import { buttonClass } from '../../components/button';
import { Card, DetailList } from '../../components/card';
import { ErrorState } from '../../components/error-state';
import { BackLink, PageHeader } from '../../components/page-header';
import { SkeletonForm } from '../../components/skeleton';
import { useAuth } from '../../lib/auth-context';
import { dash, formatDate } from '../../lib/format';
import { subcontractorKeys, subcontractorsApi } from './subcontractors.api';

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
        back={<BackLink to="/subcontractors">Subcontractors</BackLink>}
        title={
          <span className="flex items-center gap-2">
            {s.name}
            <ActiveBadge active={s.isActive} />
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
            { label: 'Service tags', value: <NameBadges items={s.tags} empty="—" /> },
            { label: 'Zones', value: <NameBadges items={s.zones} empty="—" /> },
            { label: 'Linked login user', value: s.user ? `${s.user.name} (${s.user.email})` : '—' },
            { label: 'Created On', value: formatDate(s.createdAt, auth.session.company.timeZone) },
          ]}
        />
      </Card>
    </>
  );
}
