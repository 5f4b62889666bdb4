import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { forgotPasswordBody, type ForgotPasswordBody } from '@fieldwork/domain/access/auth.schemas';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { AuthLayout } from './auth-layout';
import { authApi } from './auth.api';

/** "Forgot password?": the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const form = useForm<ForgotPasswordBody>({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: '' } });
  const request = useMutation({ mutationFn: authApi.forgotPassword });
  const back = (
    <Link to="/login" className="font-medium text-primary hover:underline">
      Back to sign in
    </Link>
  );
  if (request.isSuccess) {
    return (
      <AuthLayout title="Check your email" footer={back}>
        <p role="status" className="text-sm text-gray-900">
          {request.data.message}
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email address you sign in with. We will email you a link to set a new password."
      footer={back}
    >
      <form noValidate onSubmit={form.handleSubmit((v) => request.mutate(v))} className="space-y-4">
        <FormAlert error={request.error} />
        <Field label="Email" error={form.formState.errors.email?.message} required>
          <Input type="email" autoComplete="email" autoFocus {...form.register('email')} />
        </Field>
        <Button type="submit" className="w-full" loading={request.isPending}>
          Email me a link
        </Button>
      </form>
    </AuthLayout>
  );
}
