import { describe, expect, it } from 'vitest';
import { useApp, useBrowser } from './harness.ts';

describe('smoke: the built app is served by the real server', () => {
  const server = useApp();
  const session = useBrowser();

  it('answers /api/health with status ok', async () => {
    const res = await fetch(`${server.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers an unknown API path with a JSON 404, not the SPA', async () => {
    const res = await fetch(`${server.baseUrl}/api/definitely-not-a-route`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('serves the SPA at / and on deep links, and it renders without errors', async () => {
    const deep = await fetch(`${server.baseUrl}/workorder/jobs`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toMatch(/text\/html/);
    // The HTML paints a splash before any script runs; the router's first page takes its place.
    expect(await deep.text()).toMatch(/<div\s+id="boot"[^>]*>[\s\S]*Fieldwork/);

    const page = await session.newPage();
    const response = await page.goto(server.baseUrl + '/');
    expect(response?.status()).toBe(200);
    // The SPA mounts and shows something interactive (the first-run setup on an empty database).
    await page.getByRole('button').first().waitFor({ state: 'visible' });
    await page.locator('#boot').waitFor({ state: 'detached' });
    expect((await page.locator('body').innerText()).trim().length).toBeGreaterThan(0);
    expect(session.errors).toEqual([]);
  });
});
