import type { Call, CallOutcome } from '@fieldwork/domain/ai/receptionist.schemas';
import type { CallRow } from './receptionist.repository.ts';

export function toCallDto(row: CallRow): Call {
  return {
    id: row.id,
    externalCallId: row.external_call_id,
    callerName: row.caller_name,
    callerNumber: row.caller_number,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    durationSeconds: row.duration_seconds,
    outcome: row.outcome as CallOutcome,
    summary: row.summary,
    lead: row.lead_id && row.lead_number !== null ? { id: row.lead_id, leadNumber: row.lead_number, name: row.lead_customer_name ?? '' } : null,
    job: row.job_id && row.job_number !== null ? { id: row.job_id, jobNumber: row.job_number, name: row.job_name ?? '' } : null,
    createdAt: row.created_at,
  };
}
