import { useNavigate } from '@tanstack/react-router';
import { BackLink, PageHeader } from '../../components/page-header';
import { useRecordSave } from '../../lib/use-record-save';
import { CustomerForm } from './customer-form';
import { newCustomerValues, type CustomerBody } from './customer-form.schema';
import { customerKeys, customersApi } from './customers.api';

export function CustomerCreatePage() {
  const navigate = useNavigate();
  const create = useRecordSave({
    save: (body: CustomerBody) => customersApi.create(body),
    invalidate: customerKeys.all,
    successMessage: 'Customer created',
    onSaved: (customer): Promise<void> => navigate({ to: '/customer/$id/view-profile', params: { id: customer.id } }),
  });
  return (
    <>
      <PageHeader title="New customer" back={<BackLink to="/customers">Customers</BackLink>} />
      <CustomerForm
        mode="create"
        defaultValues={newCustomerValues()}
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void navigate({ to: '/customers' })}
        pending={create.isPending}
        error={create.error}
      />
    </>
  );
}
