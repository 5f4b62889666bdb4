import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withTenant } from '@fieldwork/db/tenant-scope';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import { arrivalText, VISIT_MESSAGES, VISIT_STATUS_TEXT, visitStatus, type VisitStatus } from '@fieldwork/domain/portal/visit-status.rules';
import type { Visit } from '@fieldwork/domain/portal/visit.schemas';
import { sha256 } from '../../lib/crypto.ts';
import { findFile } from '../files/files.repository.ts';
import { countFailedToken, refuseTokenGuesser } from '../portal/portal-session.service.ts';
import { findVisitLinkByHash, findVisitTask, latestArrival } from './visit-links.repository.ts';

type VisitTaskRow = NonNullable<Awaited<ReturnType<typeof findVisitTask>>>;

/** The technician's photo is shown while the visit is still to happen or under way, not once it is over. */
const PHOTO_WHILE: readonly VisitStatus[] = ['SCHEDULED', 'ON_THE_WAY', 'IN_PROGRESS'];

/**
 * The token decides everything: the link's company and task are the only rows read, so no token can reveal
 * another visit. An unknown, expired or malformed token gets one answer (404) and counts against the client's
 * address like a document link's wrong token.
 */
async function openVisit<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  read: (tenantId: string, task: VisitTaskRow) => Promise<T>,
): Promise<T> {
  await refuseTokenGuesser(app, request);
  const link = await findVisitLinkByHash(app.db, sha256(token));
  const task =
    link && Date.now() < Date.parse(link.expires_at) ? await withTenant(link.tenant_id, () => findVisitTask(app.db, link.tenant_id, link.task_id)) : undefined;
  if (!link || !task) {
    await countFailedToken(app, request);
    throw new AppError('NOT_FOUND', VISIT_MESSAGES.invalid);
  }
  return withTenant(link.tenant_id, () => read(link.tenant_id, task));
}

const firstName = (name: string | null) => name?.trim().split(/\s+/)[0] || null;

async function statusOf(app: FastifyInstance, tenantId: string, task: VisitTaskRow, now: Date) {
  const latest = await latestArrival(app.db, tenantId, task.id);
  const arrival = latest?.arrival_from && latest.arrival_to ? { from: latest.arrival_from, to: latest.arrival_to } : null;
  return { status: visitStatus({ lifecycle: task.lifecycle as TaskLifecycle, arrival }, now), arrival };
}

export async function getVisit(app: FastifyInstance, request: FastifyRequest, token: string): Promise<Visit> {
  return openVisit(app, request, token, async (tenantId, task) => {
    const now = new Date();
    const { status, arrival } = await statusOf(app, tenantId, task, now);
    const who = task.assigned_to === 'SUBCONTRACTOR' ? task.sub_name : task.assigned_to === 'TECHNICIAN' ? task.tech_name : null;
    const name = firstName(who);
    const shownArrival = status === 'ON_THE_WAY' && arrival ? arrival : null;
    return {
      company: {
        name: task.company_name,
        logoUrl: task.logo_file_id && task.portal_slug ? `/api/portal/companies/${task.portal_slug}/logo` : null,
        brandColor: task.brand_color,
        phone: task.company_phone,
      },
      name: task.name,
      startAt: task.start_at,
      endAt: task.expected_end_at,
      timeZone: task.time_zone,
      status,
      statusLabel: VISIT_STATUS_TEXT[status].label,
      explanation: VISIT_STATUS_TEXT[status].explanation,
      arrival: shownArrival
        ? { from: shownArrival.from, to: shownArrival.to, text: arrivalText(new Date(shownArrival.from), new Date(shownArrival.to), task.time_zone) }
        : null,
      technician: name ? { firstName: name, hasPhoto: task.assigned_to === 'TECHNICIAN' && !!task.photo_file_id && PHOTO_WHILE.includes(status) } : null,
    };
  });
}

/** The photo of the technician coming to the link's visit, while the visit is to happen or under way. */
export async function visitTechnicianPhotoByToken(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<{ data: Buffer; contentType: string }> {
  return openVisit(app, request, token, async (tenantId, task) => {
    const { status } = await statusOf(app, tenantId, task, new Date());
    const file =
      task.assigned_to === 'TECHNICIAN' && task.photo_file_id && PHOTO_WHILE.includes(status)
        ? await findFile(app.db, tenantId, task.photo_file_id)
        : undefined;
    if (!file) throw new AppError('NOT_FOUND', 'Not found.');
    return { data: Buffer.from(file.data), contentType: file.content_type };
  });
}
