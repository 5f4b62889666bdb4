import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { storeSession } from '../../lib/auth-context';
import { AuthLayout } from './auth-layout';
import { authApi } from './auth.api';
import { CompanySignupForm } from './company-signup-form';

export function SignupPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signup = useMutation({
    mutationFn: authApi.signup,
    onSuccess: async (session) => {
      storeSession(queryClient, session);
      await navigate({ to: '/dashboard' });
    },
  });
  return (
    <AuthLayout
      title="Create your company"
      subtitle="Start a new Fieldwork account. You will be its admin."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <CompanySignupForm onSubmit={(body) => signup.mutate(body)} pending={signup.isPending} error={signup.error} />
    </AuthLayout>
  );
}
