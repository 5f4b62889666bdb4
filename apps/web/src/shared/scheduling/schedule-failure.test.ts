import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '@fieldwork/domain/common/errors.schemas';
import { SCHEDULE_MESSAGES } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { ApiError } from '../../lib/api-client';
import { scheduleFailure } from './schedule-failure';

/** An error as the api client builds it: the code is the one the body carries. */
const apiError = (status: number, body: unknown) => {
  const code = body && typeof body === 'object' && 'code' in body ? (body.code as ErrorCode) : 'INTERNAL';
  return new ApiError(status, code, 'ignored', undefined, body);
};

describe('scheduleFailure: the title follows the error code, the text the server', () => {
  it.each([
    [
      apiError(409, { statusCode: 409, code: 'SCHEDULE_CONFLICT', message: 'conflicting schedule with task #7' }),
      'Technician has a conflicting schedule',
      'conflicting schedule with task #7',
    ],
    // A clash is a clash whatever its words, and words alone never make one.
    [
      apiError(409, { statusCode: 409, code: 'SCHEDULE_CONFLICT', message: 'Busy from 9:00 to 11:00.' }),
      'Technician has a conflicting schedule',
      'Busy from 9:00 to 11:00.',
    ],
    [
      apiError(409, { statusCode: 409, code: 'CONFLICT', message: 'This change conflicts with the current state.' }),
      'Update failed',
      'This change conflicts with the current state.',
    ],
    [apiError(409, { data: { message: 'Slot already booked' } }), 'Update failed', 'Slot already booked'],
    [
      apiError(400, { statusCode: 400, code: 'VALIDATION_FAILED', message: ['Start date-time must be valid.', 'End date-time must be valid.'] }),
      'Update failed',
      'Start date-time must be valid., End date-time must be valid.',
    ],
    [apiError(403, { message: 'Not allowed here' }), 'Update failed', 'Not allowed here'],
    // Nothing said: the fallback speaks of a clash, so the title does too.
    [apiError(500, null), 'Technician has a conflicting schedule', SCHEDULE_MESSAGES.conflictFallback],
    [apiError(502, {}), 'Technician has a conflicting schedule', SCHEDULE_MESSAGES.conflictFallback],
    [new ApiError(0, 'NETWORK', 'Cannot reach the server.'), 'Update failed', 'Cannot reach the server.'],
    [new Error('boom'), 'Update failed', 'boom'],
  ])('%# → %s', (error, title, text) => expect(scheduleFailure(error)).toEqual({ title, text }));
});
