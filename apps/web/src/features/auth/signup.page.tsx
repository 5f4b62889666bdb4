import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { SignupBody } from '@fieldwork/domain/access/auth.schemas';
import { ApiError } from '../../lib/api-client';
import { storeSession } from '../../lib/auth-context';
import { AuthLayout } from './auth-layout';
import { authApi } from './auth.api';
import { CompanySignupForm } from './company-signup-form';

/** What the page says when the address already had an account: the sign-in with the typed password failed. */
export const SIGNUP_EXISTING_ACCOUNT =
  'This email address may already have a Fieldwork account. Sign in with that account’s password, or sign up with another address.';

/**
 * The server answers a signup the same way whether or not the address was new (so nobody can probe who has an
 * account), and signs nobody in. The page then signs in with what was just typed: that succeeds for a new
 * company, and for an existing account only with its own password.
 */
export function SignupPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signup = useMutation({
    mutationFn: async (body: SignupBody) => {
      await authApi.signup(body);
      try {
        return await authApi.login({ email: body.email, password: body.password });
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 401) throw new ApiError(401, 'INVALID_CREDENTIALS', SIGNUP_EXISTING_ACCOUNT);
        throw error;
      }
    },
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
