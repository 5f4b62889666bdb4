import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { creatableTokenScopes, TOKEN_SCOPE_RULES, tokenExpiryProblem } from '@fieldwork/domain/access/api-tokens.rules';
import { createApiTokenBody, tokenScopeSchema } from '@fieldwork/domain/access/api-tokens.schemas';
import { CopyButton } from '../../../components/copy-button';
import { Field } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { FormDialog } from '../../../components/form-dialog';
import { Input } from '../../../components/input';
import { Select } from '../../../components/select';
import { useAuth } from '../../../lib/auth-context';
import { tokenKeys, tokensApi, type CreateApiTokenInput } from './api-tokens.api';
import { EXPIRY_CHOICES, expiryDateBounds, expiryInstant, type ExpiryChoice } from './token-expiry';

const createTokenForm = z.object({
  name: createApiTokenBody.shape.name,
  scope: tokenScopeSchema,
  expiry: z.enum(EXPIRY_CHOICES.map((c) => c.value) as [ExpiryChoice, ...ExpiryChoice[]]),
  expiryDate: z.string(),
});
type CreateTokenValues = z.infer<typeof createTokenForm>;

export function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const { session } = useAuth();
  const timeZone = session.company.timeZone;
  // Only the scopes the server would let this viewer create (the same domain table decides there).
  const scopes = creatableTokenScopes(session.user);
  const queryClient = useQueryClient();
  const form = useForm<CreateTokenValues>({
    resolver: zodResolver(createTokenForm),
    defaultValues: { name: '', scope: scopes[0] ?? 'read', expiry: '90', expiryDate: '' },
  });
  const create = useMutation({
    mutationFn: (body: CreateApiTokenInput) => tokensApi.create(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
  const submit = (v: CreateTokenValues) => {
    const expiresAt = expiryInstant(v.expiry, v.expiryDate, timeZone, Date.now());
    if (expiresAt === '') return form.setError('expiryDate', { message: 'Expiry date is required.' });
    const problem = expiresAt === null ? null : tokenExpiryProblem(expiresAt, Date.now());
    if (problem) return form.setError('expiryDate', { message: problem });
    create.mutate({ name: v.name, scope: v.scope, ...(expiresAt ? { expiresAt } : {}) });
  };
  const { errors } = form.formState;
  const scope = form.watch('scope');
  const expiry = form.watch('expiry');
  const bounds = expiryDateBounds(timeZone, Date.now());
  const secret = create.data?.secret;

  return (
    <FormDialog
      title={secret ? 'Token created' : 'Create token'}
      onClose={onClose}
      formId="create-token-form"
      submitLabel="Create token"
      pending={create.isPending}
      done={Boolean(secret)}
    >
      {secret ? (
        <div className="space-y-3">
          <p className="text-sm text-gray-800">Copy this secret now. It is shown only once and cannot be recovered.</p>
          <code data-testid="token-secret" className="block rounded-md border border-border bg-gray-50 p-3 font-mono text-xs break-all">
            {secret}
          </code>
          <CopyButton value={secret} label="Copy secret" />
        </div>
      ) : (
        <form id="create-token-form" noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
          <FormAlert error={create.error} />
          <Field label="Token name" error={errors.name?.message} required hint="For example the integration that will use it.">
            <Input autoFocus {...form.register('name')} />
          </Field>
          <Field label="Scope" error={errors.scope?.message} required hint={TOKEN_SCOPE_RULES[scope].description}>
            <Select options={scopes.map((s) => ({ value: s, label: TOKEN_SCOPE_RULES[s].label }))} {...form.register('scope')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Expires" error={errors.expiry?.message}>
              <Select options={EXPIRY_CHOICES} {...form.register('expiry')} />
            </Field>
            {expiry === 'date' ? (
              <Field label="Expiry date" error={errors.expiryDate?.message} required hint="It works through the end of this day.">
                <Input type="date" min={bounds.min} max={bounds.max} {...form.register('expiryDate')} />
              </Field>
            ) : null}
          </div>
        </form>
      )}
    </FormDialog>
  );
}
