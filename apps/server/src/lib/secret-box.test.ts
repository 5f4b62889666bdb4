import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSecretBox, loadServerKeys, SecretKeyError } from './secret-box.ts';

describe('the server key and sealed secrets', () => {
  it('seals and opens; a sealed value never holds the plaintext and differs each time', () => {
    const box = createSecretBox(loadServerKeys({ secretKey: 'x'.repeat(40), dataDir: '/nonexistent' }));
    const a = box.seal('sk_live_secret');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain('sk_live_secret');
    expect(box.seal('sk_live_secret')).not.toBe(a);
    expect(box.open(a)).toBe('sk_live_secret');
  });

  it("refuses a tampered value and another key; opens the old key's values during a rotation", () => {
    const old = createSecretBox(loadServerKeys({ secretKey: 'o'.repeat(40), dataDir: '/nonexistent' }));
    const sealed = old.seal('twilio-token');
    const tampered = sealed.slice(0, -4) + (sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(() => old.open(tampered)).toThrow(SecretKeyError);
    const rotated = createSecretBox(loadServerKeys({ secretKey: 'n'.repeat(40), previousSecretKey: 'o'.repeat(40), dataDir: '/nonexistent' }));
    expect(rotated.open(sealed)).toBe('twilio-token');
    expect(() => createSecretBox(loadServerKeys({ secretKey: 'n'.repeat(40), dataDir: '/nonexistent' })).open(sealed)).toThrow(/SECRET_KEY_PREVIOUS/);
  });

  it('without SECRET_KEY writes one key file with 0600 permissions and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fw-key-'));
    try {
      const first = createSecretBox(loadServerKeys({ dataDir: dir }));
      const sealed = first.seal('hello');
      const file = join(dir, 'secret.key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const content = readFileSync(file, 'utf8');
      expect(createSecretBox(loadServerKeys({ dataDir: dir })).open(sealed)).toBe('hello');
      expect(readFileSync(file, 'utf8')).toBe(content);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('processes starting at once on an empty DATA_DIR all come up with the same key, and one key file is left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fw-key-race-'));
    const module = fileURLToPath(new URL('./secret-box.ts', import.meta.url));
    // Each process waits for a shared start time, so their first looks at the missing file land together.
    const startAt = Date.now() + 1500;
    const script = `const { loadServerKeys } = await import(${JSON.stringify(module)});
      while (Date.now() < ${startAt}) {}
      process.stdout.write(loadServerKeys({ dataDir: ${JSON.stringify(dir)} }).current.toString('hex'));`;
    const run = () =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (c: Buffer) => (out += c.toString()));
        child.stderr.on('data', (c: Buffer) => (err += c.toString()));
        child.on('exit', (code) => resolve({ code, out, err }));
      });
    try {
      const results = await Promise.all(Array.from({ length: 6 }, run));
      for (const r of results) expect(r.code, r.err).toBe(0);
      expect(new Set(results.map((r) => r.out)).size).toBe(1);
      expect(results[0]!.out).toMatch(/^[0-9a-f]{64}$/);
      expect(readdirSync(dir)).toEqual(['secret.key']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a short SECRET_KEY with a clear message', () => {
    expect(() => loadServerKeys({ secretKey: 'short', dataDir: '/nonexistent' })).toThrow('SECRET_KEY must be at least 32 characters');
  });
});
