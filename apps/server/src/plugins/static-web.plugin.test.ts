import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  // The files a production web build holds: the shell, hashed assets, the service worker and its manifest.
  webDir = mkdtempSync(join(tmpdir(), 'fw-web-'));
  mkdirSync(join(webDir, 'assets'));
  mkdirSync(join(webDir, 'icons'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Fieldwork</title>');
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(join(webDir, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(webDir, 'workbox-2fbc6a65.js'), 'define([], () => {});');
  writeFileSync(join(webDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Fieldwork', start_url: '/workorder/my-day' }));
  writeFileSync(join(webDir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await createTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('serving the installable web app', () => {
  it('the service worker and its workbox runtime are revalidated on every load, so a new release is seen', async () => {
    for (const url of ['/sw.js', '/workbox-2fbc6a65.js']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^application\/javascript|^text\/javascript/);
    }
  });

  it('the manifest is served as a web app manifest and revalidated', async () => {
    const res = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'Fieldwork' });
  });

  it('the shell is revalidated whether asked for by name or by an app route; other files keep their hour', async () => {
    expect((await t.app.inject({ url: '/index.html' })).headers['cache-control']).toBe('no-cache');
    const route = await t.app.inject({ url: '/workorder/my-day' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    for (const url of ['/assets/index-abc123.js', '/icons/icon-192.png']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=3600');
    }
  });

  it('an unknown API path is still a 404, never the shell', async () => {
    const res = await t.app.inject({ url: '/api/no-such-route' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
