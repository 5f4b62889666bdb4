import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJob, buildTask } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../test-support/test-app.ts';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.newCompany();
  admin = company.admin;
  const { id: jobId } = await buildJob(t.db, company.tenantId);
  for (let i = 0; i < 20; i += 1) await buildTask(t.db, company.tenantId, { jobId });
});
afterAll(async () => t.close());

describe('response compression', () => {
  it('gzips a large JSON response when the client accepts it, and the body is the same', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/tasks?limit=20', headers: { cookie: admin.cookie } });
    const zipped = await t.app.inject({ method: 'GET', url: '/api/tasks?limit=20', headers: { cookie: admin.cookie, 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const body = gunzipSync(zipped.rawPayload).toString('utf8');
    expect(JSON.parse(body).items).toHaveLength(20);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it("answers a browser's accept-encoding with brotli (fast quality), the same body, smaller than gzip", async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/tasks?limit=20', headers: { cookie: admin.cookie } });
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/tasks?limit=20',
      headers: { cookie: admin.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await t.app.inject({ method: 'GET', url: '/api/tasks?limit=20', headers: { cookie: admin.cookie, 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('leaves small responses alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
