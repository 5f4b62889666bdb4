import { describe, expect, it } from 'vitest';
import { assigneeKeys, eventAudience, eventVisibleTo, toClientEvent, type DomainEvent } from './events.schemas.ts';
import type { Viewer } from '../access/roles.rules.ts';

const viewer = (role: string, access: Viewer['access']): Viewer => ({ tenantId: 't1', userId: 'u1', role, access });
const event = (o: Partial<DomainEvent> = {}): DomainEvent => ({
  id: 'e',
  type: 'task.updated',
  tenantId: 't1',
  taskId: 'task',
  assigneeKeys: ['u1'],
  at: '2026-01-01T00:00:00.000Z',
  ...o,
});

describe('live update audience', () => {
  it.each([
    ['Admin', 'fullAccess', 'all'],
    ['Staff', 'partialAccess', 'all'],
    ['Staff', 'onlyViewAccess', 'all'],
    ['Staff', 'noAccess', null],
    ['Technician', 'noAccess', 'key'],
    ['Tech Access', 'fullAccess', 'key'],
    ['SubContractor', 'noAccess', 'key'],
  ] as const)('%s %s -> %s', (role, access, scope) => {
    expect(eventAudience(viewer(role, access), 'k')?.scope ?? null).toBe(scope);
  });

  it('office readers see their whole company and nothing of another', () => {
    const audience = eventAudience(viewer('Admin', 'fullAccess'), 'u1')!;
    expect(eventVisibleTo(event({ assigneeKeys: [] }), audience)).toBe(true);
    expect(eventVisibleTo(event({ tenantId: 't2' }), audience)).toBe(false);
  });

  it('field users see events naming their key, old or new assignee', () => {
    const audience = eventAudience(viewer('Technician', 'noAccess'), 'u1')!;
    expect(eventVisibleTo(event({ assigneeKeys: ['u2', 'u1'] }), audience)).toBe(true);
    expect(eventVisibleTo(event({ assigneeKeys: ['u2'] }), audience)).toBe(false);
    expect(eventVisibleTo(event({ tenantId: 't2' }), audience)).toBe(false);
    expect(eventVisibleTo(event(), eventAudience(viewer('SubContractor', 'noAccess'), null)!)).toBe(false);
  });

  it('sends clients ids only', () => {
    expect(toClientEvent(event({ jobId: 'j' }))).toEqual({
      type: 'task.updated',
      taskId: 'task',
      jobId: 'j',
      taskNumber: null,
      recordId: null,
      at: '2026-01-01T00:00:00.000Z',
    });
    expect(toClientEvent({ ...event({}), type: 'estimate.status', recordId: 'est' }).recordId).toBe('est');
    expect(assigneeKeys('a', null, undefined, '', 'a', 'b')).toEqual(['a', 'b']);
  });
});
