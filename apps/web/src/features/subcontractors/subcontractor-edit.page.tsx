import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { toast } from 'sonner';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { SkeletonForm } from '../../components/skeleton';
import { isApiError } from '../../lib/api-client';
import { backLink } from './subcontractor-back-link';
import { SubcontractorForm } from './subcontractor-form';
import { subcontractorToValues, type SubcontractorBody } from './subcontractor-form.schema';
import { subcontractorKeys, subcontractorsApi } from './subcontractors.api';

export function SubcontractorEditPage() {
  const { id = '' } = useParams({ strict: false });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sub = useQuery({ queryKey: subcontractorKeys.detail(id), queryFn: () => subcontractorsApi.get(id) });
  const save = useMutation({
    mutationFn: (body: SubcontractorBody) =>
      subcontractorsApi.update(id, { ...body, isActive: body.isActive ?? true, version: body.version ?? sub.data?.version ?? 1 }),
    onSuccess: async () => {
      toast.success('Subcontractor updated');
      await queryClient.invalidateQueries({ queryKey: subcontractorKeys.all });
      await navigate({ to: '/subcontractor/$id/view-profile', params: { id } });
    },
    onError: async (error) => {
      if (isApiError(error) && error.code === 'STALE_VERSION') {
        toast.error(error.message);
        await queryClient.invalidateQueries({ queryKey: subcontractorKeys.detail(id) });
      }
    },
  });
  return (
    <>
      <PageHeader title={sub.data ? `Edit ${sub.data.name}` : 'Edit subcontractor'} back={backLink} />
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
          onCancel={() => void navigate({ to: '/subcontractor/$id/view-profile', params: { id } })}
          pending={save.isPending}
          error={save.error}
        />
      )}
    </>
  );
}
