/**
 * "Email me a sign-in link": the server answers the same for any address (it never says whether one is on
 * file), so the page shows that one answer after any accepted request.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PORTAL_MESSAGES } from '@fieldwork/domain/portal/portal.rules';
import { portalSignInBody } from '@fieldwork/domain/portal/portal.schemas';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { portalApi } from './portal.api';

export const SIGN_IN_LINK_LABEL = 'Email me a sign-in link';

export function SignInLinkForm({ slug }: { slug: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({ mutationFn: (value: string) => portalApi.requestSignInLink(slug, value) });

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const parsed = portalSignInBody.safeParse({ email: email.trim() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data.email);
  };

  if (send.isSuccess) {
    return (
      <p role="status" className="rounded-md border border-success/30 bg-success-soft px-3 py-3 text-sm text-gray-900">
        {PORTAL_MESSAGES.signInSent}
      </p>
    );
  }
  return (
    <form noValidate onSubmit={submit} aria-label="Sign-in link" className="space-y-3">
      <Field label="Email" error={error}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          className="min-h-11 text-base!"
          maxLength={254}
          value={email}
          onChange={(ev) => {
            setEmail(ev.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <FormAlert error={send.error} />
      <Button type="submit" className="min-h-11 w-full text-base! sm:w-auto" loading={send.isPending}>
        {SIGN_IN_LINK_LABEL}
      </Button>
    </form>
  );
}
