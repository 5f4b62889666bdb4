import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { signupBody, type SignupBody } from '@fieldwork/domain/access/auth.schemas';
import { listTimeZones } from '@fieldwork/domain/time/time-zones.rules';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { Select } from '../../components/select';

type SignupInput = z.input<typeof signupBody>;

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Company + first admin: the same fields for first-run setup and for a new company's signup. */
export function CompanySignupForm({ onSubmit, pending, error }: { onSubmit: (body: SignupBody) => void; pending: boolean; error: unknown }) {
  const zones = useMemo(() => {
    const all = listTimeZones();
    const own = browserTimeZone();
    return (all.includes(own) ? all : [own, ...all]).map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
  }, []);
  const form = useForm<SignupInput, unknown, SignupBody>({
    resolver: zodResolver(signupBody),
    defaultValues: { companyName: '', timeZone: browserTimeZone(), name: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <FormAlert error={error} />
      <Field label="Company name" error={errors.companyName?.message} required>
        <Input autoComplete="organization" autoFocus {...form.register('companyName')} />
      </Field>
      <Field label="Time zone" error={errors.timeZone?.message} required hint="Days, schedules and reports follow this zone.">
        <Select options={zones} {...form.register('timeZone')} />
      </Field>
      <Field label="Your name" error={errors.name?.message} required>
        <Input autoComplete="name" {...form.register('name')} />
      </Field>
      <Field label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message} required hint="At least 10 characters.">
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Button type="submit" className="w-full" loading={pending}>
        Create company
      </Button>
    </form>
  );
}
