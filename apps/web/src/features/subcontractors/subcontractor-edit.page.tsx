import { useNavigate, useParams } from '@tanstack/react-router';
import { ErrorState } from '../../components/error-state';
import { BackLink, PageHeader } from '../../components/page-header';
import { SkeletonForm } from '../../components/skeleton';
import { useRecordEdit } from '../../lib/use-record-save';
import { SubcontractorForm } from './subcontractor-form';
import { subcontractorToValues, type SubcontractorBody } from './subcontractor-form.schema';
import { subcontractorKeys, subcontractorsApi } from './subcontractors.api';

export function SubcontractorEditPage() {
  const { id = '' } = useParams({ strict: false });
  const navigate = useNavigate();
  const toProfile = (): Promise<void> => navigate({ to: '/subcontractor/$id/view-profile', params: { id } });
  const { record: sub, save } = useRecordEdit({
    detailKey: subcontractorKeys.detail(id),
    load: () => subcontractorsApi.get(id),
    update: (body: SubcontractorBody & { version: number }) => subcontractorsApi.update(id, { ...body, isActive: body.isActive ?? true }),
    invalidate: subcontractorKeys.all,
    successMessage: 'Subcontractor updated',
    onSaved: toProfile,
  });
  return (
    <>
      <PageHeader title={sub.data ? `Edit ${sub.data.name}` : 'Edit subcontractor'} back={<BackLink to="/subcontractors">Subcontractors</BackLink>} />
      {sub.isLoading ? (
        <SkeletonForm fields={6} />
      ) : sub.error || !sub.data ? (
        <ErrorState error={sub.error} onRetry={() => void sub.refetch()} />
      ) : (
        <SubcontractorForm
          key={sub.data.version}
          mode="edit"
          defaultValues={subcontractorToValues(sub.data)}
          linkedUser={sub.data.user}
          onSubmit={(body) => save.mutate(body)}
          onCancel={() => void toProfile()}
          pending={save.isPending}
          error={save.error}
        />
      )}
    </>
  );
}
