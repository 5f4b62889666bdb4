import { z } from 'zod';
import { can, isSubcontractorRole, isTechnicianRole, type Viewer } from '../access/roles.rules.ts';

/**
 * Live updates (GET /api/events, Server-Sent Events). A change is announced after its transaction
 * committed; clients receive ids only and refetch what they show, so an event never carries data a viewer
 * could not read anyway.
 */
export const EVENT_TYPES = [
  'task.created',
  'task.updated',
  'task.status',
  'schedule.changed',
  'bid.changed',
  'job.status',
  'estimate.status',
  'lead.created',
  'invoice.payment',
  /** A notification for the office's bell (recordId: the notification); each user refetches their own list. */
  'notification.created',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The event as the server passes it around (and through PostgreSQL NOTIFY); tenantId and assigneeKeys never reach a client. */
export const domainEventSchema = z.object({
  id: z.string(),
  type: z.enum(EVENT_TYPES),
  tenantId: z.string(),
  taskId: z.string().optional(),
  jobId: z.string().optional(),
  taskNumber: z.number().int().optional(),
  /** The estimate, invoice or lead an office-only event is about (a customer answered in the portal, asked for work). */
  recordId: z.string().optional(),
  /** Assignee keys (technician user id, subcontractor id) before and after the change: who else may see it. */
  assigneeKeys: z.array(z.string()),
  at: z.string(),
});
export type DomainEvent = z.infer<typeof domainEventSchema>;

/** What a client receives as the `data:` of one event. */
export const clientEventSchema = z.object({
  type: z.enum(EVENT_TYPES),
  taskId: z.string().nullable(),
  jobId: z.string().nullable(),
  taskNumber: z.number().int().nullable(),
  recordId: z.string().nullable(),
  at: z.string(),
});
export type ClientEvent = z.infer<typeof clientEventSchema>;

export function toClientEvent(event: DomainEvent): ClientEvent {
  return {
    type: event.type,
    taskId: event.taskId ?? null,
    jobId: event.jobId ?? null,
    taskNumber: event.taskNumber ?? null,
    recordId: event.recordId ?? null,
    at: event.at,
  };
}

/** Whose events a stream carries: a whole company (office readers), one assignee key (field users), or nothing. */
export type EventAudience = { tenantId: string; scope: 'all' } | { tenantId: string; scope: 'key'; key: string | null };

/** null: the viewer may not subscribe at all (no task read access). */
export function eventAudience(viewer: Viewer, fieldKey: string | null): EventAudience | null {
  if (!can(viewer, 'tasks.read')) return null;
  if (isTechnicianRole(viewer.role) || isSubcontractorRole(viewer.role)) return { tenantId: viewer.tenantId, scope: 'key', key: fieldKey };
  return { tenantId: viewer.tenantId, scope: 'all' };
}

export function eventVisibleTo(event: DomainEvent, audience: EventAudience): boolean {
  if (event.tenantId !== audience.tenantId) return false;
  if (audience.scope === 'all') return true;
  return audience.key !== null && event.assigneeKeys.includes(audience.key);
}

/** The keys of an event: distinct, without the empty ones (unassigned before or after). */
export function assigneeKeys(...keys: (string | null | undefined)[]): string[] {
  return [...new Set(keys.filter((k): k is string => typeof k === 'string' && k !== ''))];
}
