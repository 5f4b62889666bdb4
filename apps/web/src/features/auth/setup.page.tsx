import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { storeSession } from '../../lib/auth-context';
import { AuthLayout } from './auth-layout';
import { authApi } from './auth.api';
import { CompanySignupForm } from './company-signup-form';

export function SetupPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setup = useMutation({
    mutationFn: authApi.setup,
    onSuccess: async (session) => {
      storeSession(queryClient, session);
      await navigate({ to: '/dashboard' });
    },
  });
  return (
    <AuthLayout title="Set up Fieldwork" subtitle="Create your company and the first admin account.">
      <CompanySignupForm onSubmit={(body) => setup.mutate(body)} pending={setup.isPending} error={setup.error} />
    </AuthLayout>
  );
}
