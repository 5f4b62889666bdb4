/**
 * /portal/open#<token>: the personal link from an estimate or invoice email. The token rides in the fragment
 * so it never reaches a server log or a Referer; the page takes it out of the address bar before anything
 * else (a shared screen or a bookmark must not carry it), trades it for a portal session and goes to the
 * document. A link that expired or was withdrawn says only that, and offers a fresh one by email.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { LinkIcon } from 'lucide-react';
import { DEFAULT_ERROR_MESSAGE } from '@fieldwork/domain/common/errors.schemas';
import { portalSessionBody, type PortalSessionAnswer } from '@fieldwork/domain/portal/portal.schemas';
import { isApiError, messageOf } from '../../lib/api-client';
import { NoticePanel } from '../../components/notice-panel';
import { PortalFrame, PortalSpinner } from './portal-frame';
import { portalApi, portalKeys } from './portal.api';
import { SignInLinkForm } from './sign-in-link-form';

type Failure = { message: string; companySlug: string | null };

const INVALID_LINK = 'This link is not valid.';

function slugOf(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('details' in body)) return null;
  const details = (body as { details?: unknown }).details;
  if (!details || typeof details !== 'object' || !('companySlug' in details)) return null;
  const slug = (details as { companySlug?: unknown }).companySlug;
  return typeof slug === 'string' && slug ? slug : null;
}

export function PortalOpenPage() {
  const router = useRouter();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const hash = useLocation({ select: (l) => l.hash });
  const [failure, setFailure] = useState<Failure | null>(null);
  // The last fragment handled: StrictMode runs effects twice, and cleaning the address bar changes the fragment.
  const handled = useRef<string | null>(null);

  // Keyed on the fragment, not the first render: a second link opened in the same tab changes only the fragment,
  // which the browser treats as a same-page navigation.
  useEffect(() => {
    const value = decodeURIComponent(hash.replace(/^#/, ''));
    if (!value && handled.current !== null) return;
    if (handled.current === value) return;
    handled.current = value;
    // Replace, not push: Back must not return to an address holding the token.
    if (value) router.history.replace('/portal/open');
    setFailure(null);
    if (!portalSessionBody.safeParse({ token: value }).success) {
      setFailure({ message: INVALID_LINK, companySlug: null });
      return;
    }
    portalApi.openSession(value).then(
      (answer: PortalSessionAnswer) => {
        qc.removeQueries({ queryKey: portalKeys.all });
        const doc = answer.document;
        if (doc?.kind === 'estimate') void navigate({ to: '/portal/estimates/$id', params: { id: doc.id }, replace: true });
        else if (doc?.kind === 'invoice') void navigate({ to: '/portal/invoices/$id', params: { id: doc.id }, replace: true });
        else void navigate({ to: '/portal', replace: true });
      },
      (error: unknown) => {
        if (isApiError(error) && error.code === 'LINK_UNUSABLE') {
          setFailure({ message: error.message || DEFAULT_ERROR_MESSAGE.LINK_UNUSABLE, companySlug: slugOf(error.body) });
        } else if (isApiError(error) && error.statusCode === 400) {
          setFailure({ message: INVALID_LINK, companySlug: null });
        } else {
          setFailure({ message: messageOf(error), companySlug: null });
        }
      },
    );
  }, [hash, router, navigate, qc]);

  if (!failure) return <PortalSpinner />;
  return (
    <PortalFrame company={null}>
      <NoticePanel icon={<LinkIcon size={28} aria-hidden="true" className="text-muted" />} title="This link cannot be opened" action={null}>
        <p>{failure.message}</p>
      </NoticePanel>
      {failure.companySlug ? (
        <section aria-label="Get a new link" className="mx-auto max-w-md rounded-lg border border-border bg-white p-4 sm:p-6">
          <SignInLinkForm slug={failure.companySlug} />
        </section>
      ) : null}
    </PortalFrame>
  );
}
