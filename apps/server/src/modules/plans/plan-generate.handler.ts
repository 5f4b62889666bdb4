import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import type { JobHandler } from '../background/background-worker.ts';
import { enqueueJob } from '../background/background.service.ts';
import { draftDuePeriodInvoices, type PlanInvoiceDeps } from './plan-invoices.service.ts';
import { generatePlanVisits } from './plan-visits.service.ts';
import { findPlanRow } from './plans.repository.ts';

type Payload = { planId: string };

const DAY_MS = 86_400_000;

/**
 * Generates one batch of a plan's visits. While visits up to the horizon are missing it queues the next batch at
 * once; when the horizon is reached it queues tomorrow's extension — one per plan and day (dedupe key), so a run
 * repeated after a crash does not multiply them. A paused or ended plan generates nothing and stops the chain;
 * resuming queues it again. The daily run also drafts the invoices of a per-period plan's coming periods.
 */
export function createPlanGenerateHandler(deps: PlanInvoiceDeps): JobHandler {
  return {
    run: async (ctx, raw) => {
      const { planId } = raw as Payload;
      const now = new Date();
      const result = await generatePlanVisits(ctx.db, ctx.tenantId, planId, now);
      if (!result.done) {
        await enqueueJob(ctx.db, ctx.tenantId, 'plans.generate', { planId });
        return;
      }
      if (!result.active) return;
      const plan = await findPlanRow(ctx.db, ctx.tenantId, planId);
      if (plan) await draftDuePeriodInvoices(ctx.db, ctx.dialect, deps, plan, now);
      const tomorrow = new Date(now.getTime() + DAY_MS);
      await enqueueJob(
        ctx.db,
        ctx.tenantId,
        'plans.generate',
        { planId },
        { dedupeKey: `extend:${planId}:${dayIn(tomorrow, 'UTC')}`, runAt: tomorrow.toISOString() },
      );
    },
  };
}
