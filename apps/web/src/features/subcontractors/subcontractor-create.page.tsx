import { useNavigate } from '@tanstack/react-router';
import { BackLink, PageHeader } from '../../components/page-header';
import { useRecordSave } from '../../lib/use-record-save';
import { SubcontractorForm } from './subcontractor-form';
import { newSubcontractorValues, type SubcontractorBody } from './subcontractor-form.schema';
import { subcontractorKeys, subcontractorsApi } from './subcontractors.api';

export function SubcontractorCreatePage() {
  const navigate = useNavigate();
  const create = useRecordSave({
    save: (body: SubcontractorBody) => subcontractorsApi.create(body),
    invalidate: subcontractorKeys.all,
    successMessage: 'Subcontractor created',
    onSaved: (s): Promise<void> => navigate({ to: '/subcontractor/$id/view-profile', params: { id: s.id } }),
  });
  return (
    <>
      <PageHeader title="New subcontractor" back={<BackLink to="/subcontractors">Subcontractors</BackLink>} />
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
