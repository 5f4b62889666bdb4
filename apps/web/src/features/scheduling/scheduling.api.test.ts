import { describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES } from '@fieldwork/domain/scheduling.schemas';
import { ApiError } from '../../lib/api-client';
import { scheduleFailure } from './scheduling.api';

const apiError = (status: number, body: unknown) => new ApiError(status, 'INTERNAL', 'ignored', undefined, body);

describe('scheduleFailure (spec section 8)', () => {
  it.each([
    [apiError(409, { statusCode: 409, code: 'SCHEDULE_CONFLICT', message: 'conflicting schedule with task #7' }), 'Technician has a conflicting schedule', 'conflicting schedule with task #7'],
    [apiError(400, { statusCode: 400, code: 'VALIDATION_FAILED', message: ['Start date-time must be valid.', 'End date-time must be valid.'] }), 'Update failed', 'Start date-time must be valid., End date-time must be valid.'],
    [apiError(409, { data: { message: 'Slot already booked' } }), 'Technician has a conflicting schedule', 'Slot already booked'],
    [apiError(409, { message: 'Times overlap' }), 'Technician has a conflicting schedule', 'Times overlap'],
    [apiError(403, { message: 'Not allowed here' }), 'Update failed', 'Not allowed here'],
    [apiError(500, null), 'Technician has a conflicting schedule', SCHEDULE_MESSAGES.conflictFallback],
    [apiError(502, {}), 'Technician has a conflicting schedule', SCHEDULE_MESSAGES.conflictFallback],
    [new Error('boom'), 'Update failed', 'boom'],
  ])('%# → %s', (error, title, text) => expect(scheduleFailure(error)).toEqual({ title, text }));
});
