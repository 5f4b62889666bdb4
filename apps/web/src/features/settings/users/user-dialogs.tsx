import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { updateUserBody, type User } from '@fieldwork/domain/access/users.schemas';
import { moneyInputText } from '../../../lib/money';
import { isApiError } from '../../../lib/api-client';
import { Field } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import { FormAlert } from '../../../components/form-alert';
import { Input } from '../../../components/input';
import { Select } from '../../../components/select';
import { ACCESS_OPTIONS, ROLE_OPTIONS, refs, requiredAccess, requiredRole } from './user-form-fields';
import { UserRefsFields } from './user-refs-fields';
import { userKeys, usersApi } from './users.api';

const roleForm = z.object({ role: requiredRole, access: requiredAccess });
type RoleInput = z.input<typeof roleForm>;
type RoleValues = z.output<typeof roleForm>;

function useUserSaved(user: User, onClose: () => void, message: string) {
  const queryClient = useQueryClient();
  return {
    onSuccess: async () => {
      toast.success(message);
      onClose();
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (error: Error) => {
      // Someone else saved first: reload so the next attempt starts from their version.
      if (isApiError(error) && error.code === 'STALE_VERSION') void queryClient.invalidateQueries({ queryKey: userKeys.detail(user.id) });
    },
  };
}

export function ChangeRoleDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const form = useForm<RoleInput, unknown, RoleValues>({ resolver: zodResolver(roleForm), defaultValues: { role: user.role, access: user.access } });
  const save = useMutation({ mutationFn: (v: RoleValues) => usersApi.changeRole(user.id, v), ...useUserSaved(user, onClose, 'Role and access updated') });
  const { errors } = form.formState;
  return (
    <FormDialog
      title="Change role and access"
      description={`What ${user.name} can see and do. Their open sessions pick up the change on the next request.`}
      onClose={onClose}
      formId="change-role-form"
      submitLabel="Save"
      pending={save.isPending}
    >
      <form id="change-role-form" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} className="space-y-4">
        <FormAlert error={save.error} />
        <Field label="Role" error={errors.role?.message} required>
          <Select placeholder="Select role" options={ROLE_OPTIONS} {...form.register('role')} />
        </Field>
        <Field label="Work order access" error={errors.access?.message} required>
          <Select placeholder="Select access" options={ACCESS_OPTIONS} {...form.register('access')} />
        </Field>
      </form>
    </FormDialog>
  );
}

const editForm = z.object({
  name: updateUserBody.shape.name,
  phone: z.string().trim().max(40, { error: 'Phone must be less than or equal to 40 characters.' }),
  tags: z.array(z.string()),
  zones: z.array(z.string()),
  // Typed in dollars; the domain's own rate rule (0 … max, 2 decimals) checks it, empty means none (0).
  costRate: z
    .string()
    .trim()
    .transform((s) => (s === '' ? 0 : Number(s)))
    .pipe(updateUserBody.shape.costRate.unwrap())
    .transform((cents) => cents / 100),
});
type EditInput = z.input<typeof editForm>;
type EditValues = z.output<typeof editForm>;

export function EditUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const form = useForm<EditInput, unknown, EditValues>({
    resolver: zodResolver(editForm),
    defaultValues: {
      name: user.name,
      phone: user.phone ?? '',
      tags: user.tags.map((t) => t.id),
      zones: user.zones.map((z) => z.id),
      costRate: user.costRate ? moneyInputText(user.costRate) : '',
    },
  });
  // The API leaves costRate out for viewers who may not see it: then the field is neither shown nor sent.
  const withRate = user.costRate !== undefined;
  const save = useMutation({
    mutationFn: (v: EditValues) =>
      usersApi.update(user.id, {
        name: v.name,
        phone: v.phone || null,
        tags: refs(v.tags),
        zones: refs(v.zones),
        ...(withRate ? { costRate: v.costRate } : {}),
        version: user.version,
      }),
    ...useUserSaved(user, onClose, 'User updated'),
  });
  const { errors } = form.formState;
  return (
    <FormDialog title="Edit user" onClose={onClose} formId="edit-user-form" submitLabel="Save" pending={save.isPending}>
      <form id="edit-user-form" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} className="space-y-4">
        <FormAlert error={save.error} />
        <Field label="Name" error={errors.name?.message} required>
          <Input {...form.register('name')} />
        </Field>
        <Field label="Phone" error={errors.phone?.message}>
          <Input type="tel" {...form.register('phone')} />
        </Field>
        {withRate ? (
          <Field label="Hourly cost rate ($ per hour)" error={errors.costRate?.message} hint="Used to cost labor from clock activities.">
            <Input type="text" inputMode="decimal" placeholder="0.00" {...form.register('costRate')} />
          </Field>
        ) : null}
        <UserRefsFields control={form.control} />
      </form>
    </FormDialog>
  );
}
