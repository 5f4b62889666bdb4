import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { changePasswordBody, updateProfileBody, type ChangePasswordBody } from '@fieldwork/domain/access/users.schemas';
import { workOrderAccessLabel } from '@fieldwork/domain/access/roles.rules';
import { phoneField } from '@fieldwork/domain/common/common.schemas';
import { Button } from '../../components/button';
import { Card, DetailList } from '../../components/card';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { PageHeader } from '../../components/page-header';
import { SESSION_KEY, useSession } from '../../lib/auth-context';
import { noticesKey, profileApi } from './profile.api';
import { TaskNotices } from './task-notices';
import { ProfilePhoto } from './profile-photo';

const detailsForm = z.object({ name: updateProfileBody.shape.name, phone: phoneField });
type DetailsValues = z.infer<typeof detailsForm>;

function DetailsForm() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<DetailsValues>({ resolver: zodResolver(detailsForm), defaultValues: { name: user.name, phone: user.phone ?? '' } });
  const save = useMutation({
    mutationFn: (v: DetailsValues) => profileApi.update({ name: v.name, phone: v.phone || null }),
    onSuccess: (session) => {
      toast.success('Profile updated');
      queryClient.setQueryData(SESSION_KEY, session);
      // Texts go to the profile phone: the notices card shows the new number (or its absence) at once.
      void queryClient.invalidateQueries({ queryKey: noticesKey });
    },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} className="max-w-lg space-y-4">
      <FormAlert error={save.error} />
      <Field label="Name" error={errors.name?.message} required>
        <Input autoComplete="name" {...form.register('name')} />
      </Field>
      <Field label="Phone" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...form.register('phone')} />
      </Field>
      <Button type="submit" loading={save.isPending}>
        Save profile
      </Button>
    </form>
  );
}

const passwordForm = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: 'The passwords do not match.' });
type PasswordValues = z.infer<typeof passwordForm>;

function PasswordForm() {
  const form = useForm<PasswordValues>({ resolver: zodResolver(passwordForm), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const change = useMutation({
    mutationFn: (v: ChangePasswordBody) => profileApi.changePassword({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
    onSuccess: () => {
      toast.success('Password changed');
      form.reset();
    },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => change.mutate(v))} className="max-w-lg space-y-4">
      <p className="text-sm text-muted">Changing your password signs you out on every other device and browser.</p>
      <FormAlert error={change.error} />
      <Field label="Current password" error={errors.currentPassword?.message} required>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </Field>
      <Field label="New password" error={errors.newPassword?.message} required hint="At least 10 characters.">
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </Field>
      <Field label="Confirm new password" error={errors.confirmPassword?.message} required>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" loading={change.isPending}>
        Change password
      </Button>
    </form>
  );
}

export function ProfilePage() {
  const { user, company } = useSession();
  return (
    <>
      <PageHeader title="My profile" />
      <div className="space-y-4">
        <Card title="Photo">
          <ProfilePhoto />
        </Card>
        <Card title="Details">
          <div className="mb-4">
            <DetailList
              items={[
                { label: 'Email', value: user.email },
                { label: 'Role', value: user.role },
                { label: 'Work order access', value: workOrderAccessLabel(user) },
                { label: 'Company', value: company.name },
              ]}
            />
          </div>
          <DetailsForm />
        </Card>
        <TaskNotices />
        <Card title="Password">
          <PasswordForm />
        </Card>
      </div>
    </>
  );
}
