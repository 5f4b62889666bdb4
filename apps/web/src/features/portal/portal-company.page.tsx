/**
 * /portal/$slug: a company's public portal page. Anyone may ask for a sign-in link (the answer never says
 * whether the address is known) or request work; nothing about the company's customers shows here.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Mail, Phone } from 'lucide-react';
import { ErrorState } from '../../components/error-state';
import { isApiError } from '../../lib/api-client';
import { PortalFrame, PortalSpinner } from './portal-frame';
import { portalApi, portalKeys } from './portal.api';
import { PortalCard, PortalNotFound } from './portal-load-state';
import { SignInLinkForm } from './sign-in-link-form';
import { REQUEST_WORK_TITLE, WorkRequestForm } from './work-request-form';

export function PortalCompanyPage() {
  const { slug = '' } = useParams({ strict: false });
  const query = useQuery({ queryKey: portalKeys.company(slug), queryFn: () => portalApi.company(slug) });

  if (query.isPending) return <PortalSpinner />;
  if (query.isError) {
    return (
      <PortalFrame company={null}>
        {isApiError(query.error) && query.error.statusCode === 404 ? (
          <PortalNotFound />
        ) : (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        )}
      </PortalFrame>
    );
  }
  const company = query.data;
  return (
    <PortalFrame company={company}>
      <h1 className="text-xl font-semibold text-gray-900">Welcome to {company.name}</h1>
      {company.email || company.phone ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          {company.phone ? (
            <a href={`tel:${company.phone}`} className="inline-flex min-h-11 items-center gap-1.5 text-primary hover:underline">
              <Phone size={14} aria-hidden="true" /> {company.phone}
            </a>
          ) : null}
          {company.email ? (
            <a href={`mailto:${company.email}`} className="inline-flex min-h-11 items-center gap-1.5 text-primary hover:underline">
              <Mail size={14} aria-hidden="true" /> {company.email}
            </a>
          ) : null}
        </p>
      ) : null}
      <PortalCard title="Your estimates and invoices" description="Already a customer? We will email you a link to your estimates, invoices and visits.">
        <SignInLinkForm slug={company.slug} />
      </PortalCard>
      <PortalCard title={REQUEST_WORK_TITLE} description="Tell us what you need and we will get back to you.">
        <WorkRequestForm mode="public" slug={company.slug} />
      </PortalCard>
    </PortalFrame>
  );
}
