import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { ACCOUNT_LINK_MESSAGES } from '@fieldwork/domain/access/auth.schemas';
import { messageOf } from '../../lib/api-client';
import { SESSION_KEY } from '../../lib/auth-context';
import { Spinner } from '../../components/spinner';
import { AuthLayout } from './auth-layout';
import { authApi } from './auth.api';

/** The link from the signup email: confirms the company's address as soon as it opens. */
export function VerifyEmailPage() {
  const { token = '' } = useSearch({ strict: false });
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: authApi.verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
  });
  const { mutate } = verify;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);
  const next = (
    <Link to="/" className="font-medium text-primary hover:underline">
      Go to Fieldwork
    </Link>
  );
  return (
    <AuthLayout title="Confirm your email address" footer={next}>
      {!token || verify.isError ? (
        <p role="alert" className="text-sm text-danger-hover">
          {token ? messageOf(verify.error) : ACCOUNT_LINK_MESSAGES.verifyInvalid}
        </p>
      ) : verify.isSuccess ? (
        <p role="status" className="text-sm text-gray-900">
          {verify.data.message}
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> Confirming…
        </p>
      )}
    </AuthLayout>
  );
}
