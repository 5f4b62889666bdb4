import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { ArrowLeft } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { CustomerForm } from './customer-form';
import { newCustomerValues, type CustomerBody } from './customer-form.schema';
import { customerKeys, customersApi } from './customers.api';

export const customersBackLink = (
  <Link to="/customers" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
    <ArrowLeft size={14} aria-hidden="true" /> Customers
  </Link>
);

export function CustomerCreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (body: CustomerBody) => customersApi.create(body),
    onSuccess: async (customer) => {
      toast.success('Customer created');
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
      await navigate({ to: '/customer/$id/view-profile', params: { id: customer.id } });
    },
  });
  return (
    <>
      <PageHeader title="New customer" back={customersBackLink} />
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
