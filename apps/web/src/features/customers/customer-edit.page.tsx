import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { toast } from 'sonner';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { SkeletonForm } from '../../components/skeleton';
import { isApiError } from '../../lib/api-client';
import { customersBackLink } from './customer-create.page';
import { CustomerForm } from './customer-form';
import { customerToValues, type CustomerBody } from './customer-form.schema';
import { customerKeys, customersApi } from './customers.api';

export function CustomerEditPage() {
  const { id = '' } = useParams({ strict: false });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const customer = useQuery({ queryKey: customerKeys.detail(id), queryFn: () => customersApi.get(id) });
  const save = useMutation({
    mutationFn: (body: CustomerBody) => customersApi.update(id, { ...body, isActive: body.isActive ?? true, version: body.version ?? customer.data?.version ?? 1 }),
    onSuccess: async () => {
      toast.success('Customer updated');
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
      await navigate({ to: '/customer/$id/view-profile', params: { id } });
    },
    onError: async (error) => {
      if (isApiError(error) && error.code === 'STALE_VERSION') {
        // Show the message, then load the other person's version into the form.
        toast.error(error.message);
        await queryClient.invalidateQueries({ queryKey: customerKeys.detail(id) });
      }
    },
  });

  return (
    <>
      <PageHeader title={customer.data ? `Edit ${customer.data.name}` : 'Edit customer'} back={customersBackLink} />
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
          onCancel={() => void navigate({ to: '/customer/$id/view-profile', params: { id } })}
          pending={save.isPending}
          error={save.error}
        />
      )}
    </>
  );
}
