import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { ACCOUNT_LINK_MESSAGES, resetPasswordBody } from '@fieldwork/domain/access/auth.schemas';
import { storeSession } from '../../lib/auth-context';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { AuthLayout } from './auth-layout';
import { authApi } from './auth.api';
import { homePath } from '../../shared/access/home-path';

const formSchema = resetPasswordBody.pick({ password: true });
type FormValues = z.infer<typeof formSchema>;

/** The link from the reset email: a new password, then signed in (every other session of the account ends). */
export function ResetPasswordPage() {
  const { token = '' } = useSearch({ strict: false });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { password: '' } });
  const reset = useMutation({
    mutationFn: (values: FormValues) => authApi.resetPassword({ token, password: values.password }),
    onSuccess: async (session) => {
      storeSession(queryClient, session);
      await navigate({ to: homePath(session) });
    },
  });
  const askAgain = (
    <Link to="/forgot-password" className="font-medium text-primary hover:underline">
      Ask for a new link
    </Link>
  );
  if (!token) {
    return (
      <AuthLayout title="Set a new password" footer={askAgain}>
        <p role="alert" className="text-sm text-danger-hover">
          {ACCOUNT_LINK_MESSAGES.resetInvalid}
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Set a new password" subtitle="Choose a password of at least 10 characters." footer={askAgain}>
      <form noValidate onSubmit={form.handleSubmit((v) => reset.mutate(v))} className="space-y-4">
        <FormAlert error={reset.error} />
        <Field label="New password" error={form.formState.errors.password?.message} required>
          <Input type="password" autoComplete="new-password" autoFocus {...form.register('password')} />
        </Field>
        <Button type="submit" className="w-full" loading={reset.isPending}>
          Set password and sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
