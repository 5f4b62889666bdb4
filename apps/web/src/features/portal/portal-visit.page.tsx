/**
 * /portal/visit#<token>: the visit link from an "on my way" text (later also reminders). Phone-first: who is
 * coming and when, and one big status — Scheduled, On the way (with the arrival window), In progress, Done or
 * Cancelled — that refreshes itself every 30 seconds, so a customer watching sees the technician arrive without
 * reloading. The token stays in the fragment (browsers never send it to a server or in a Referer) so the page
 * survives a reload and can be opened again from the text; it reaches the server only in a POST body.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { CalendarClock, CheckCircle2, Clock3, LinkIcon, Phone, Truck, Wrench, XCircle } from 'lucide-react';
import type { VisitStatus } from '@fieldwork/domain/portal/visit-status.rules';
import { VISIT_MESSAGES } from '@fieldwork/domain/portal/visit-status.rules';
import type { Visit } from '@fieldwork/domain/portal/visit.schemas';
import { visitBody } from '@fieldwork/domain/portal/visit.schemas';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { NoticePanel } from '../../components/notice-panel';
import { Skeleton } from '../../components/skeleton';
import { isApiError, messageOf } from '../../lib/api-client';
import { formatTime } from '../../lib/format';
import { PortalFrame } from './portal-frame';
import { visitWhen } from './portal-format';
import { VISIT_REFRESH_MS, visitApi, visitKeys } from './visit.api';

const STATUS_LOOK = {
  SCHEDULED: { icon: CalendarClock, box: 'border-border bg-white', text: 'text-gray-900' },
  ON_THE_WAY: { icon: Truck, box: 'border-primary/30 bg-primary-soft', text: 'text-primary-hover' },
  IN_PROGRESS: { icon: Wrench, box: 'border-warning/30 bg-warning-soft', text: 'text-warning' },
  DONE: { icon: CheckCircle2, box: 'border-success/30 bg-success-soft', text: 'text-success' },
  CANCELLED: { icon: XCircle, box: 'border-danger/30 bg-danger-soft', text: 'text-danger' },
} as const satisfies Record<VisitStatus, { icon: typeof Truck; box: string; text: string }>;

function useToken(): string {
  const hash = useLocation({ select: (l) => l.hash });
  return decodeURIComponent(hash.replace(/^#/, ''));
}

/** The photo, fetched once per page (it does not change while the customer watches) and freed when the page goes. */
function useTechnicianPhoto(token: string, wanted: boolean): string | null {
  const photo = useQuery({
    queryKey: visitKeys.photo(token),
    queryFn: () => visitApi.technicianPhoto(token),
    enabled: wanted,
    staleTime: Infinity,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo.data) return;
    const next = URL.createObjectURL(photo.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [photo.data]);
  return wanted ? url : null;
}

export function PortalVisitPage() {
  const token = useToken();
  const valid = visitBody.safeParse({ token }).success;
  const visit = useQuery({
    queryKey: visitKeys.visit(token),
    queryFn: () => visitApi.visit(token),
    enabled: valid,
    refetchInterval: VISIT_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    retry: (count, error) => !(isApiError(error) && error.statusCode < 500) && count < 2,
  });
  const photoUrl = useTechnicianPhoto(token, !!visit.data?.technician?.hasPhoto);

  if (!valid || (visit.isError && !visit.data && isApiError(visit.error) && visit.error.statusCode === 404)) return <InvalidLink />;
  if (visit.isError && !visit.data) {
    return (
      <PortalFrame company={null}>
        <NoticePanel title="This visit cannot be shown right now" action={<Button onClick={() => void visit.refetch()}>Try again</Button>}>
          <p>{messageOf(visit.error)}</p>
        </NoticePanel>
      </PortalFrame>
    );
  }
  if (!visit.data) return <Loading />;
  const v = visit.data;
  return (
    <PortalFrame company={{ slug: '', email: null, ...v.company, timeZone: v.timeZone }}>
      <VisitCard visit={v} photoUrl={photoUrl} updatedAt={visit.dataUpdatedAt} />
    </PortalFrame>
  );
}

function VisitCard({ visit: v, photoUrl, updatedAt }: { visit: Visit; photoUrl: string | null; updatedAt: number }) {
  const look = STATUS_LOOK[v.status];
  const Icon = look.icon;
  const when = v.startAt ? visitWhen(v.startAt, v.endAt, v.timeZone) : null;
  return (
    <article aria-labelledby="visit-status" className="mx-auto max-w-xl space-y-4">
      <section className={`rounded-lg border p-5 shadow-sm sm:p-6 ${look.box}`} aria-live="polite">
        <p className="text-sm font-medium text-muted">Your visit{v.name ? ` · ${v.name}` : ''}</p>
        <div className="mt-2 flex items-center gap-3">
          <Icon size={32} aria-hidden="true" className={`shrink-0 ${look.text}`} />
          <h1 id="visit-status" className={`text-3xl font-bold ${look.text}`}>
            {v.statusLabel}
          </h1>
        </div>
        {v.arrival ? <p className="mt-3 text-xl font-semibold text-gray-900">{v.arrival.text}</p> : null}
        <p className="mt-2 text-base text-gray-900">{v.explanation}</p>
      </section>

      <section aria-label="Visit details" className="divide-y divide-border rounded-lg border border-border bg-white shadow-sm">
        {v.technician ? (
          <div className="flex items-center gap-3 p-4 sm:px-6">
            <Avatar name={v.technician.firstName} src={photoUrl} size={56} />
            <div className="min-w-0">
              <p className="text-sm text-muted">Your technician</p>
              <p className="text-lg font-semibold text-gray-900">{v.technician.firstName}</p>
            </div>
          </div>
        ) : null}
        <div className="flex items-start gap-3 p-4 sm:px-6">
          <Clock3 size={20} aria-hidden="true" className="mt-0.5 shrink-0 text-muted" />
          <div className="min-w-0">
            <p className="text-sm text-muted">Scheduled for</p>
            {when ? (
              <>
                <p className="font-medium text-gray-900">{when.day}</p>
                <p className="text-gray-900">{when.window}</p>
              </>
            ) : (
              <p className="font-medium text-gray-900">To be arranged</p>
            )}
          </div>
        </div>
        {v.company.phone ? (
          <div className="p-4 sm:px-6">
            <a
              href={`tel:${v.company.phone}`}
              className="inline-flex min-h-11 items-center gap-2 font-medium text-primary hover:underline focus-visible:outline-2"
            >
              <Phone size={18} aria-hidden="true" /> Call {v.company.name}: {v.company.phone}
            </a>
          </div>
        ) : null}
      </section>
      <p className="text-center text-xs text-muted">This page updates itself{updatedAt ? ` · last checked ${formatTime(updatedAt, v.timeZone)}` : ''}.</p>
    </article>
  );
}

function InvalidLink() {
  return (
    <PortalFrame company={null}>
      <NoticePanel icon={<LinkIcon size={28} aria-hidden="true" className="text-muted" />} title="This link cannot be opened" action={null}>
        <p>{VISIT_MESSAGES.invalid}</p>
      </NoticePanel>
    </PortalFrame>
  );
}

function Loading() {
  return (
    <PortalFrame company={null}>
      <div aria-busy="true" aria-label="Loading" className="mx-auto max-w-xl space-y-4">
        <Skeleton className="h-36 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    </PortalFrame>
  );
}
