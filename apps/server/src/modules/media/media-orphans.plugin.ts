import type { FastifyInstance } from 'fastify';
import { cleanOrphanMedia } from './media-orphans.service.ts';

export const ORPHAN_SWEEP_EVERY_MS = 3_600_000;

/**
 * Sweeps orphan uploads once the app is ready and then hourly; the timer never keeps the process alive. Closing
 * waits for a sweep under way, so none runs on against a database that is being closed.
 */
export async function mediaOrphansPlugin(app: FastifyInstance, opts: { everyMs?: number } = {}): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let closing = false;
  let running: Promise<void> | null = null;
  const sweepOnce = async () => {
    try {
      const removed = await cleanOrphanMedia(app.db, app.config.mediaDir);
      if (removed > 0) app.log.info({ removed }, 'removed orphan media uploads');
    } catch (error) {
      if (!closing) app.log.error({ err: error }, 'orphan media sweep failed');
    }
  };
  const sweep = () => {
    if (closing) return Promise.resolve();
    running ??= sweepOnce().finally(() => {
      running = null;
    });
    return running;
  };
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), opts.everyMs ?? ORPHAN_SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    await running;
  });
}
