import { useNavigate, useParams } from '@tanstack/react-router';
import { ErrorState } from '../../components/error-state';
import { BackLink, PageHeader } from '../../components/page-header';
import { SkeletonForm } from '../../components/skeleton';
import { useRecordEdit } from '../../lib/use-record-save';
import { CustomerForm } from './customer-form';
import { customerToValues, type CustomerBody } from './customer-form.schema';
import { customerKeys, customersApi } from './customers.api';

export function CustomerEditPage() {
  const { id = '' } = useParams({ strict: false });
  const navigate = useNavigate();
  const toProfile = (): Promise<void> => navigate({ to: '/customer/$id/view-profile', params: { id } });
  const { record: customer, save } = useRecordEdit({
    detailKey: customerKeys.detail(id),
    load: () => customersApi.get(id),
    update: (body: CustomerBody & { version: number }) => customersApi.update(id, { ...body, isActive: body.isActive ?? true }),
    invalidate: customerKeys.all,
    successMessage: 'Customer updated',
    onSaved: toProfile,
  });

  return (
    <>
      <PageHeader title={customer.data ? `Edit ${customer.data.name}` : 'Edit customer'} back={<BackLink to="/customers">Customers</BackLink>} />
      {customer.isLoading ? (
        <SkeletonForm fields={6} />
      ) : customer.error || !customer.data ? (
        <ErrorState error={customer.error} onRetry={() => void customer.refetch()} />
      ) : (
        <CustomerForm
          key={customer.data.version}
          mode="edit"
          defaultValues={customerToValues(customer.data)}
          onSubmit={(body) => save.mutate(body)}
          onCancel={() => void toProfile()}
          pending={save.isPending}
          error={save.error}
        />
      )}
    </>
  );
}
