import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { acceptInvitationBody } from '@fieldwork/domain/access/auth.schemas';
import { DEFAULT_ERROR_MESSAGE } from '@fieldwork/domain/common/errors.schemas';
import { storeSession } from '../../lib/auth-context';
import { messageOf } from '../../lib/api-client';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { SkeletonForm } from '../../components/skeleton';
import { AuthLayout } from './auth-layout';
import { authApi } from './auth.api';
import { homePath } from '../../shared/access/home-path';

const formSchema = acceptInvitationBody.pick({ name: true, password: true });
type FormValues = z.infer<typeof formSchema>;

export function AcceptInvitationPage() {
  const { token = '' } = useSearch({ strict: false });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const preview = useQuery({ queryKey: ['invitation', token], queryFn: () => authApi.invitation(token), enabled: token.length > 0 });
  const accept = useMutation({
    mutationFn: (values: FormValues) => authApi.acceptInvitation({ token, ...values }),
    onSuccess: async (session) => {
      storeSession(queryClient, session);
      await navigate({ to: homePath(session) });
    },
  });
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { name: '', password: '' } });
  const { errors } = form.formState;
  const signIn = (
    <Link to="/login" className="font-medium text-primary hover:underline">
      Go to sign in
    </Link>
  );

  if (!token || preview.isError) {
    return (
      <AuthLayout title="Invitation" footer={signIn}>
        <p role="alert" className="text-sm text-danger-hover">
          {token ? messageOf(preview.error) : DEFAULT_ERROR_MESSAGE.INVITATION_INVALID}
        </p>
      </AuthLayout>
    );
  }
  if (!preview.data) {
    return (
      <AuthLayout title="Invitation">
        <SkeletonForm fields={3} />
      </AuthLayout>
    );
  }
  const invite = preview.data;
  return (
    <AuthLayout title={`Join ${invite.companyName}`} subtitle="Finish your account to accept the invitation.">
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-gray-50 p-3 text-sm">
        <dt className="text-muted">Company</dt>
        <dd className="font-medium">{invite.companyName}</dd>
        <dt className="text-muted">Email</dt>
        <dd className="font-medium break-all">{invite.email}</dd>
        <dt className="text-muted">Role</dt>
        <dd className="font-medium">{invite.role}</dd>
      </dl>
      <form noValidate onSubmit={form.handleSubmit((v) => accept.mutate(v))} className="space-y-4">
        <FormAlert error={accept.error} />
        <Field label="Your name" error={errors.name?.message} required>
          <Input autoComplete="name" autoFocus {...form.register('name')} />
        </Field>
        <Field label="Password" error={errors.password?.message} required hint="At least 10 characters.">
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Button type="submit" className="w-full" loading={accept.isPending}>
          Accept invitation
        </Button>
      </form>
    </AuthLayout>
  );
}
