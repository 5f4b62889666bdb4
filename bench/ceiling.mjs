// The ceiling of the run: a bare Fastify app answering a small JSON object, in its own process as the real
// server is, loaded the same way (autocannon over loopback). `node bench/ceiling.mjs --serve` is that process.
import { spawn } from 'node:child_process';
import { measureRow } from './lib.mjs';

if (process.argv.includes('--serve')) {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/ping', async () => ({ ok: true, at: 'ceiling', n: 1 }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(address + '\n');
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}

/** req/s (and latency) of the bare route for each connection count the run uses: { [connections]: row }. */
export async function measureCeiling(connectionCounts, seconds) {
  const child = spawn(process.execPath, [import.meta.filename, '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise((ok, fail) => {
    child.stdout.once('data', (d) => ok(String(d).trim()));
    child.once('exit', (code) => fail(new Error(`ceiling server exited ${code}`)));
  });
  try {
    const out = {};
    for (const connections of [...new Set(connectionCounts)].sort((a, b) => a - b)) {
      out[connections] = await measureRow({
        name: `bare Fastify GET /ping, ${connections} connection(s)`,
        opts: { url: base + '/ping', connections, duration: seconds },
      });
    }
    return out;
  } finally {
    child.removeAllListeners('exit');
    await new Promise((ok) => {
      child.once('exit', ok);
      child.kill('SIGTERM');
    });
  }
}
