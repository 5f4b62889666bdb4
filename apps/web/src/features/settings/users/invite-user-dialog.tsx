import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { createInvitationBody } from '@fieldwork/domain/access/users.schemas';
import { defaultAccessFor, type RoleName } from '@fieldwork/domain/access/roles.rules';
import { CopyButton } from '../../../components/copy-button';
import { Field } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import { FormAlert } from '../../../components/form-alert';
import { Input } from '../../../components/input';
import { Select } from '../../../components/select';
import { ACCESS_OPTIONS, ROLE_OPTIONS, refs, requiredAccess, requiredRole } from './user-form-fields';
import { UserRefsFields } from './user-refs-fields';
import { userKeys, usersApi } from './users.api';

const inviteForm = z.object({
  email: createInvitationBody.shape.email,
  role: requiredRole,
  access: requiredAccess,
  tags: z.array(z.string()),
  zones: z.array(z.string()),
});
type InviteInput = z.input<typeof inviteForm>;
type InviteValues = z.output<typeof inviteForm>;

export function InviteUserDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<InviteInput, unknown, InviteValues>({
    resolver: zodResolver(inviteForm),
    defaultValues: { email: '', role: '', access: '', tags: [], zones: [] },
  });
  const invite = useMutation({
    mutationFn: (v: InviteValues) => usersApi.invite({ email: v.email, role: v.role, access: v.access, tags: refs(v.tags), zones: refs(v.zones) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
  const { errors } = form.formState;
  const roleField = form.register('role', {
    // Picking a role proposes that role's usual access; the admin can still change it.
    onChange: (e: { target: { value: string } }) => {
      const role = e.target.value as RoleName;
      if (role) form.setValue('access', defaultAccessFor(role), { shouldValidate: form.formState.isSubmitted });
    },
  });
  const link = invite.data?.link;

  return (
    <FormDialog
      title={link ? 'Invitation created' : 'Invite user'}
      description={
        link ? 'Send this link to the person you invited. It works once and expires.' : 'They join your company with the role and access you choose.'
      }
      onClose={onClose}
      formId="invite-user-form"
      submitLabel="Send invitation"
      pending={invite.isPending}
      done={Boolean(link)}
    >
      {link ? (
        <div className="space-y-3">
          <Field label="Invitation link">
            <Input readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          </Field>
          <CopyButton value={link} label="Copy link" />
        </div>
      ) : (
        <form id="invite-user-form" noValidate onSubmit={form.handleSubmit((v) => invite.mutate(v))} className="space-y-4">
          <FormAlert error={invite.error} />
          <Field label="Email" error={errors.email?.message} required>
            <Input type="email" autoComplete="off" autoFocus {...form.register('email')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Role" error={errors.role?.message} required>
              <Select placeholder="Select role" options={ROLE_OPTIONS} {...roleField} />
            </Field>
            <Field label="Work order access" error={errors.access?.message} required>
              <Select placeholder="Select access" options={ACCESS_OPTIONS} {...form.register('access')} />
            </Field>
          </div>
          <UserRefsFields control={form.control} />
        </form>
      )}
    </FormDialog>
  );
}
