import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGES } from '@fieldwork/domain/access/roles.rules';
import { buildJob, buildTask, buildUser } from '@fieldwork/testing/factories';
import { createTestApp, testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let viewer: Session;
let jobId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  viewer = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
  jobId = (await buildJob(t.db, tenantId)).id;
});
afterAll(async () => t.close());

const day = () => new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);

describe('a view-only user scheduling a task', () => {
  it('is refused in words that say the access is view only, never that they cannot view it', async () => {
    const tech = await buildUser(t.db, { tenantId, role: 'Technician', passwordHash: await testPasswordHash() });
    const task = await buildTask(t.db, tenantId, { jobId });
    const body = {
      taskId: task.id,
      startDateTime: `${day()}T10:00:00.000Z`,
      expectedEndDateTime: null,
      isAssigned: true,
      assignedTo: 'TECHNICIAN',
      assignedTechnicianId: tech.id,
    };
    const refused = await t.call('POST', '/api/tasks/schedule', viewer.cookie, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(FORBIDDEN_MESSAGES.viewOnly);

    const created = await t.call('POST', '/api/tasks/schedule', admin.cookie, body);
    expect(created.statusCode).toBe(201);
    const scheduleId = created.json().data.taskScheduler.id as string;
    const moved = await t.call('PUT', `/api/tasks/schedule/${scheduleId}`, viewer.cookie, {
      startDateTime: `${day()}T12:00:00.000Z`,
      expectedEndDateTime: null,
      version: 1,
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toBe(FORBIDDEN_MESSAGES.viewOnly);

    const edited = await t.call('PUT', `/api/tasks/${task.id}`, viewer.cookie, { name: 'Renamed', version: 1 });
    expect(edited.statusCode).toBe(403);
    expect(edited.json().message).toBe(FORBIDDEN_MESSAGES.viewOnly);
  });
});
