/**
 * "Request work": on the company's public page the visitor says who they are; in the hub the customer is
 * known and picks one of their addresses or types a new one. Both may add photos of the problem. Both are
 * checked with the domain's schemas and photo rules before sending, and both end on the same thank-you.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PORTAL_MESSAGES } from '@fieldwork/domain/portal/portal.rules';
import { portalWorkRequestBody, publicWorkRequestBody, type PortalMe } from '@fieldwork/domain/portal/portal.schemas';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { Textarea } from '../../components/textarea';
import { fieldErrors } from './portal-form-errors';
import { portalApi } from './portal.api';
import { WorkRequestPhotosPicker } from './work-request-photos-picker';

export const REQUEST_WORK_TITLE = 'Request work';
export const NEW_ADDRESS = 'new';

type Key = 'name' | 'email' | 'phone' | 'address' | 'siteId' | 'description' | 'preferredTimes';
type Values = Record<Key, string>;
const EMPTY: Values = { name: '', email: '', phone: '', address: '', siteId: '', description: '', preferredTimes: '' };

const big = 'min-h-11 text-base!';

export type WorkRequestFormProps = { mode: 'public'; slug: string } | { mode: 'hub'; sites: PortalMe['sites'] };

export function WorkRequestForm(props: WorkRequestFormProps) {
  const sites = props.mode === 'hub' ? props.sites : [];
  const [values, setValues] = useState<Values>({ ...EMPTY, siteId: sites[0]?.id ?? NEW_ADDRESS });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const send = useMutation({
    mutationFn: (body: unknown) =>
      props.mode === 'public'
        ? portalApi.requestWorkPublic(props.slug, body as Parameters<typeof portalApi.requestWorkPublic>[1], photos)
        : portalApi.requestWork(body as Parameters<typeof portalApi.requestWork>[0], photos),
  });

  const set = (key: Key) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const work = { description: values.description, preferredTimes: values.preferredTimes.trim() || null };
    const parsed =
      props.mode === 'public'
        ? publicWorkRequestBody.safeParse({ ...work, name: values.name, email: values.email, phone: values.phone.trim() || undefined, address: values.address })
        : portalWorkRequestBody.safeParse(
            values.siteId && values.siteId !== NEW_ADDRESS ? { ...work, siteId: values.siteId } : { ...work, address: values.address.trim() || null },
          );
    if (!parsed.success) {
      setErrors(fieldErrors<Key>(parsed.error));
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  if (send.isSuccess) {
    return (
      <p role="status" className="rounded-md border border-success/30 bg-success-soft px-3 py-3 text-sm text-gray-900">
        {PORTAL_MESSAGES.workRequested}
      </p>
    );
  }

  const newAddress = props.mode === 'public' || values.siteId === NEW_ADDRESS;
  return (
    <form noValidate onSubmit={submit} aria-label={REQUEST_WORK_TITLE} className="space-y-3">
      {props.mode === 'public' ? (
        <>
          <Text label="Your name" required error={errors.name} value={values.name} onChange={set('name')} autoComplete="name" max={100} />
          <Text label="Email" required error={errors.email} value={values.email} onChange={set('email')} autoComplete="email" type="email" max={254} />
          <Text label="Phone" error={errors.phone} value={values.phone} onChange={set('phone')} autoComplete="tel" type="tel" max={40} />
        </>
      ) : null}
      {sites.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-gray-800">Where</legend>
          {[...sites, { id: NEW_ADDRESS, address: 'Another address' }].map((s) => (
            <label key={s.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border bg-white px-3 py-2 text-sm">
              <input type="radio" name="siteId" value={s.id} checked={values.siteId === s.id} onChange={() => set('siteId')(s.id)} className="h-4 w-4" />
              <span className="min-w-0 break-words">{s.address}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {newAddress ? (
        <Text
          label="Address"
          required={props.mode === 'public' || sites.length === 0}
          error={errors.address ?? errors.siteId}
          value={values.address}
          onChange={set('address')}
          autoComplete="street-address"
          max={300}
        />
      ) : null}
      <Field label="What do you need?" required error={errors.description}>
        <Textarea className="text-base!" rows={4} maxLength={2000} value={values.description} onChange={(ev) => set('description')(ev.target.value)} />
      </Field>
      <Text
        label="Preferred times"
        hint="For example: weekday mornings"
        error={errors.preferredTimes}
        value={values.preferredTimes}
        onChange={set('preferredTimes')}
        max={500}
      />
      <WorkRequestPhotosPicker photos={photos} onChange={setPhotos} disabled={send.isPending} />
      <FormAlert error={send.error} />
      <Button type="submit" className="min-h-11 w-full text-base! sm:w-auto" loading={send.isPending}>
        Send request
      </Button>
    </form>
  );
}

type TextProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
  autoComplete?: string;
  type?: string;
  max: number;
};

function Text({ label, value, onChange, error, required, hint, autoComplete, type = 'text', max }: TextProps) {
  return (
    <Field label={label} required={required} error={error} hint={hint}>
      <Input className={big} type={type} autoComplete={autoComplete} maxLength={max} value={value} onChange={(ev) => onChange(ev.target.value)} />
    </Field>
  );
}
