import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { addDays, daysFrom, startOfDay } from '@fieldwork/domain/time/calendar-time.rules';
import { pagination } from '@fieldwork/domain/common/common.schemas';
import { resolveRange } from '@fieldwork/domain/dashboard/dashboard.rules';
import { daysBetween, type DashboardRangeQuery } from '@fieldwork/domain/dashboard/dashboard.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import {
  CALL_MESSAGES,
  callDurationSeconds,
  type Call,
  type CallListQuery,
  type CreateCallBody,
  type ReceptionistMetrics,
} from '@fieldwork/domain/ai/receptionist.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { toCallDto } from './receptionist.presenter.ts';
import { callCountsByDay, findCall, findCallByExternalId, insertCallIfAbsent, jobExists, leadExists, listCalls } from './receptionist.repository.ts';

/**
 * Records one call from the caller system. A repeat of the same externalCallId returns the stored call
 * (created false) whatever its body says: the first post wins, so a retried webhook never doubles a row.
 */
export async function recordCall(db: Db, viewer: Viewer, body: CreateCallBody): Promise<{ call: Call; created: boolean }> {
  const existing = await findCallByExternalId(db, viewer.tenantId, body.externalCallId);
  if (existing) return { call: toCallDto(existing), created: false };
  if (body.leadId && !(await leadExists(db, viewer.tenantId, body.leadId))) throw new AppError('NOT_FOUND', 'Lead not found.');
  if (body.jobId && !(await jobExists(db, viewer.tenantId, body.jobId))) throw new AppError('NOT_FOUND', 'Job not found.');
  const created = await insertCallIfAbsent(db, {
    id: randomUUID(),
    tenant_id: viewer.tenantId,
    external_call_id: body.externalCallId,
    caller_name: body.callerName ?? null,
    caller_number: body.callerNumber,
    started_at: body.startedAt,
    ended_at: body.endedAt,
    duration_seconds: callDurationSeconds(body.startedAt, body.endedAt),
    outcome: body.outcome,
    summary: body.summary ?? null,
    lead_id: body.leadId ?? null,
    job_id: body.jobId ?? null,
    created_by: viewer.userId,
    created_at: nowIso(),
  });
  const row = await findCallByExternalId(db, viewer.tenantId, body.externalCallId);
  if (!row) throw new AppError('INTERNAL');
  return { call: toCallDto(row), created };
}

export async function getCall(db: Db, tenantId: string, callId: string): Promise<Call> {
  const row = await findCall(db, tenantId, callId);
  if (!row) throw new AppError('NOT_FOUND', CALL_MESSAGES.notFound);
  return toCallDto(row);
}

/** from/to are the company's calendar days, inclusive. */
export async function listCallsPage(db: Db, tenantId: string, timeZone: string, q: CallListQuery) {
  const { rows, total } = await listCalls(db, tenantId, {
    page: q.page,
    limit: q.limit,
    ...(q.outcome ? { outcome: q.outcome } : {}),
    ...(q.from ? { start: new Date(startOfDay(q.from, timeZone)).toISOString() } : {}),
    ...(q.to ? { end: new Date(startOfDay(addDays(q.to, 1), timeZone)).toISOString() } : {}),
    ...(q.search ? { search: q.search } : {}),
  });
  return { data: rows.map(toCallDto), pagination: pagination(total, q.page, q.limit) };
}

/** Calls handled are every call but MISSED; the average duration is over handled calls. Days in the company's zone. */
export async function receptionistMetrics(
  db: Db,
  tenantId: string,
  timeZone: string,
  query: DashboardRangeQuery,
  now = new Date(),
): Promise<ReceptionistMetrics> {
  const range = resolveRange(query, now, timeZone);
  const days = daysFrom(range.from, daysBetween(range.from, range.to) + 1);
  const bounds = days.map((day) => ({
    start: new Date(startOfDay(day, timeZone)).toISOString(),
    end: new Date(startOfDay(addDays(day, 1), timeZone)).toISOString(),
  }));
  const byDay = days.map((day) => ({ day: day as string, calls: 0, booked: 0, missed: 0 }));
  const counts = { BOOKED: 0, LEAD_CREATED: 0, INFORMATION: 0, MISSED: 0, SPAM: 0 } as Record<string, number>;
  let handledSeconds = 0;
  let totalCalls = 0;
  for (const row of await callCountsByDay(db, tenantId, bounds)) {
    counts[row.outcome] = (counts[row.outcome] ?? 0) + row.n;
    if (row.outcome !== 'MISSED') handledSeconds += row.seconds;
    totalCalls += row.n;
    const day = byDay[row.dayIndex];
    if (!day) continue;
    day.calls += row.n;
    if (row.outcome === 'BOOKED') day.booked += row.n;
    if (row.outcome === 'MISSED') day.missed += row.n;
  }
  const handled = totalCalls - (counts.MISSED ?? 0);
  return {
    range,
    totalCalls,
    callsHandled: handled,
    booked: counts.BOOKED ?? 0,
    leadsCreated: counts.LEAD_CREATED ?? 0,
    information: counts.INFORMATION ?? 0,
    missed: counts.MISSED ?? 0,
    spam: counts.SPAM ?? 0,
    averageDurationSeconds: handled ? Math.round(handledSeconds / handled) : 0,
    byDay: [...byDay.values()],
  };
}
