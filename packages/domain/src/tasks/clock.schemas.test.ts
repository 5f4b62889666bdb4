import { describe, expect, it } from 'vitest';
import { actedAtError, adjustedStartError, CLOCK_MESSAGES, clockInBody, clockOutBody, clockOutEndError, MAX_ASSISTANTS } from './clock.schemas.ts';
import { TASK_MESSAGES } from './tasks.schemas.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('spec texts', () => {
  it('are verbatim, with the typographic apostrophe', () => {
    expect(CLOCK_MESSAGES.finishCurrent).toBe('Finish your current task before clocking in a new one.');
    expect(CLOCK_MESSAGES.clockInStarted(42, 'Fix the boiler')).toBe('You\u2019re now working on task #42: Fix the boiler');
    expect(CLOCK_MESSAGES.clockOutLater).toBe('No, I\u2019ll do it later');
    expect(CLOCK_MESSAGES.clockOutFailed).toBe('Something went wrong, Please try again');
    expect(CLOCK_MESSAGES.activityLoadFailed).toBe('Something went wrong, Please try again!');
    expect(CLOCK_MESSAGES.endInFuture).toBe(TASK_MESSAGES.endInFuture);
  });
});

describe('clock-in body', () => {
  it('takes the task and job, an optional vehicle and up to 10 distinct assistants', () => {
    expect(clockInBody.parse({ taskId: id(1), jobId: id(2) })).toEqual({ taskId: id(1), jobId: id(2), assistants: [] });
    expect(clockInBody.parse({ taskId: id(1), jobId: id(2), vehicleId: '', assistants: [id(3)] })).toEqual({
      taskId: id(1),
      jobId: id(2),
      vehicleId: null,
      assistants: [id(3)],
    });
    const dup = clockInBody.safeParse({ taskId: id(1), jobId: id(2), assistants: [id(3), id(3)] });
    expect(dup.error?.issues.map((i) => i.message)).toEqual([CLOCK_MESSAGES.duplicateAssistants]);
    const many = clockInBody.safeParse({ taskId: id(1), jobId: id(2), assistants: Array.from({ length: MAX_ASSISTANTS + 1 }, (_, i) => id(10 + i)) });
    expect(many.error?.issues.map((i) => i.message)).toContain(CLOCK_MESSAGES.tooManyAssistants);
    for (const bad of [
      { taskId: 'x', jobId: id(2) },
      { taskId: id(1) },
      { taskId: id(1), jobId: id(2), assistants: ['nope'] },
      { taskId: id(1), jobId: id(2), extra: 1 },
    ]) {
      expect(clockInBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('clock-out body', () => {
  const base = { taskId: id(1), taskActivityId: id(2), jobId: id(3) };
  it('requires a trimmed description of 1 to 2000 characters', () => {
    expect(clockOutBody.parse({ ...base, description: '  Done.  ' })).toEqual({ ...base, description: 'Done.' });
    for (const description of [undefined, '', '   ']) {
      expect(clockOutBody.safeParse({ ...base, description }).error?.issues.map((i) => i.message)).toEqual([CLOCK_MESSAGES.descriptionRequired]);
    }
    expect(clockOutBody.safeParse({ ...base, description: 'x'.repeat(2001) }).success).toBe(false);
  });
  it('normalises an end to UTC', () => {
    expect(clockOutBody.parse({ ...base, description: 'x', endDateTime: '2026-03-08T09:30:00-05:00' }).endDateTime).toBe('2026-03-08T14:30:00.000Z');
    expect(clockOutBody.safeParse({ ...base, description: 'x', endDateTime: 'now' }).success).toBe(false);
  });
});

describe('end and start checks', () => {
  const now = new Date('2026-03-08T15:00:00.000Z');
  it('refuse an end in the future (beyond a minute of clock skew) or before the start', () => {
    expect(clockOutEndError('2026-03-08T15:00:30.000Z', '2026-03-08T14:00:00.000Z', now)).toBeNull();
    expect(clockOutEndError('2026-03-08T15:05:00.000Z', '2026-03-08T14:00:00.000Z', now)).toBe(TASK_MESSAGES.endInFuture);
    expect(clockOutEndError('2026-03-08T13:59:00.000Z', '2026-03-08T14:00:00.000Z', now)).toBe(CLOCK_MESSAGES.endBeforeStart);
  });
  it('refuse an adjusted start in the future or more than 31 days back', () => {
    expect(adjustedStartError('2026-03-08T08:00:00.000Z', now)).toBeNull();
    expect(adjustedStartError('2026-03-08T16:00:00.000Z', now)).toBe(CLOCK_MESSAGES.startInFuture);
    expect(adjustedStartError('2026-02-01T08:00:00.000Z', now)).toBe(CLOCK_MESSAGES.startTooEarly);
  });
});

describe('actedAtError: the time an action kept offline was made', () => {
  const now = new Date('2026-03-12T16:40:00Z');
  it.each([
    ['the moment it arrives', '2026-03-12T16:40:00Z', null],
    ['tapped at 9:02, sent at 11:40', '2026-03-12T14:02:00Z', null],
    ['a phone clock a minute fast', '2026-03-12T16:40:59Z', null],
    ['in the future', '2026-03-12T16:42:00Z', CLOCK_MESSAGES.actedInFuture],
    ['just under a day ago', '2026-03-11T16:41:00Z', null],
    ['more than a day ago', '2026-03-11T16:39:00Z', CLOCK_MESSAGES.actedTooLongAgo],
  ])('%s', (_label, at, expected) => {
    expect(actedAtError(at, now)).toBe(expected);
  });

  it('says what to do when it is too old', () => {
    expect(CLOCK_MESSAGES.actedTooLongAgo).toBe('This action was made more than 24 hours ago; ask the office to record its time.');
  });
});
