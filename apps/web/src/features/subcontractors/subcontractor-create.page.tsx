import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../components/page-header';
import { backLink } from './subcontractor-back-link';
import { SubcontractorForm } from './subcontractor-form';
import { newSubcontractorValues, type SubcontractorBody } from './subcontractor-form.schema';
import { subcontractorKeys, subcontractorsApi } from './subcontractors.api';

export function SubcontractorCreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (body: SubcontractorBody) => subcontractorsApi.create(body),
    onSuccess: async (s) => {
      toast.success('Subcontractor created');
      await queryClient.invalidateQueries({ queryKey: subcontractorKeys.all });
      await navigate({ to: '/subcontractor/$id/view-profile', params: { id: s.id } });
    },
  });
  return (
    <>
      <PageHeader title="New subcontractor" back={backLink} />
      <SubcontractorForm
        mode="create"
        defaultValues={newSubcontractorValues()}
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void navigate({ to: '/subcontractors' })}
        pending={create.isPending}
        error={create.error}
      />
    </>
  );
}
