import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@fieldwork/domain/access/roles.rules';
import { defaultTableConfig, JOB_COLUMN_KEYS } from '@fieldwork/domain/common/table-config.schemas';
import { createTestApp, ROLE_CASES, type Session, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;

const get = (cookie?: string, type = 'JOBS') => t.app.inject({ url: `/api/table-configuration?type=${type}`, ...(cookie ? { headers: { cookie } } : {}) });
const put = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/table-configuration', payload, ...(cookie ? { headers: { cookie } } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

describe('table configuration', () => {
  it('answers 401 signed out and 400 with the field messages', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put(undefined, { type: 'JOBS', config: [] })).statusCode).toBe(401);
    expect((await get(admin.cookie, 'INVOICES')).json().message).toEqual(['type is not a table.']);
    const bad = await put(admin.cookie, { type: 'JOBS', config: [{ key: 'JOB_NAME', enabled: 'yes' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(['enabled must be true or false.']);
    expect((await put(admin.cookie, { type: 'JOBS', config: 'all' })).json().message).toEqual(['config must be an array.']);
    expect((await put(admin.cookie, { type: 'JOBS', config: [{ key: 'JOB_NAME', enabled: true, width: 3 }] })).statusCode).toBe(400);
  });

  it('gives every role its own configuration (role matrix)', async () => {
    const seen: number[] = [];
    for (const c of ROLE_CASES) {
      const { cookie } = await t.signInAs(tenantId, c.role, c.access);
      const expected = can(c, 'tableConfig.self') ? 200 : 403;
      expect((await get(cookie)).statusCode, c.label).toBe(expected);
      expect((await put(cookie, { type: 'JOBS', config: [{ key: 'JOB_NAME', enabled: false }] })).statusCode, c.label).toBe(expected);
      seen.push(expected);
    }
    expect(seen).toEqual(Array(ROLE_CASES.length).fill(200));
  });

  it('returns the default until saved, then the saved order and toggles, normalized', async () => {
    const me = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const first = await get(me.cookie);
    expect(first.json()).toEqual({ data: { type: 'JOBS', config: defaultTableConfig('JOBS') } });

    const saved = await put(me.cookie, {
      type: 'JOBS',
      config: [
        { key: 'JOB_NUMBER', enabled: true },
        { key: 'JOB_STATUS', enabled: false },
        { key: 'NOT_A_COLUMN', enabled: true },
        { key: 'CREATED_ON', enabled: false },
        { key: 'JOB_NUMBER', enabled: false },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const config = saved.json().data.config as { key: string; enabled: boolean }[];
    expect(config.slice(0, 3)).toEqual([
      { key: 'JOB_NUMBER', enabled: true },
      { key: 'JOB_STATUS', enabled: true },
      { key: 'CREATED_ON', enabled: false },
    ]);
    expect(config.map((c) => c.key).sort()).toEqual([...JOB_COLUMN_KEYS].sort());
    expect(config.slice(3).every((c) => c.enabled)).toBe(true);
    expect((await get(me.cookie)).json()).toEqual(saved.json());

    const row = await t.db.selectFrom('table_configs').selectAll().where('user_id', '=', me.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: tenantId, type: 'JOBS' });
    expect(JSON.parse(row.config)).toEqual(config);

    await put(me.cookie, { type: 'JOBS', config: [{ key: 'PAID_AMOUNT', enabled: false }] });
    const rows = await t.db.selectFrom('table_configs').select('config').where('user_id', '=', me.user.id).execute();
    expect(rows).toHaveLength(1);
    expect((await get(me.cookie)).json().data.config[0]).toEqual({ key: 'PAID_AMOUNT', enabled: false });

    expect((await get(admin.cookie)).json().data.config).toEqual(defaultTableConfig('JOBS'));
    expect((await get(me.cookie, 'TASKS_ASSIGNED_TO_ME_FULL')).json()).toEqual({
      data: { type: 'TASKS_ASSIGNED_TO_ME_FULL', config: defaultTableConfig('TASKS_ASSIGNED_TO_ME_FULL') },
    });
  });

  it('reads a damaged stored value as the default instead of failing', async () => {
    const me = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    await put(me.cookie, { type: 'JOBS', config: [] });
    await t.db.updateTable('table_configs').set({ config: '{not json' }).where('user_id', '=', me.user.id).execute();
    expect((await get(me.cookie)).json().data.config).toEqual(defaultTableConfig('JOBS'));
  });
});
