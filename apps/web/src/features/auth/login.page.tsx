import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { loginBody, type LoginBody } from '@fieldwork/domain/access/auth.schemas';
import { storeSession } from '../../lib/auth-context';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { AuthLayout } from './auth-layout';
import { authApi } from './auth.api';
import { homePath } from '../../shared/access/home-path';

/** Only same-app paths are followed after sign-in, so a crafted link cannot send the user elsewhere. */
export function safeRedirect(target: string | undefined, home: string = '/dashboard'): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : home;
}

export function LoginPage() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const search = useSearch({ strict: false });
  const form = useForm<LoginBody>({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });
  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: async (session) => {
      storeSession(queryClient, session);
      // The redirect is a full href (path + query), so it goes through history rather than a typed route.
      router.history.push(safeRedirect(search.redirect, homePath(session)));
    },
  });
  const { errors } = form.formState;

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back to Fieldwork."
      footer={
        <>
          New to Fieldwork?{' '}
          <Link to="/signup" className="font-medium text-primary hover:underline">
            Create a company account
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))} className="space-y-4">
        <FormAlert error={login.error} />
        <Field label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" autoFocus {...form.register('email')} />
        </Field>
        <Field label="Password" error={errors.password?.message} required>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <div className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={login.isPending}>
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
