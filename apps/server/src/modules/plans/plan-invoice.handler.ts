import type { JobHandler } from '../background/background-worker.ts';
import { draftVisitInvoice, type PlanInvoiceDeps } from './plan-invoices.service.ts';

type Payload = { taskId: string };

/** Drafts (and, when the plan says so, sends) the invoice of a closed visit of a per-visit plan. */
export function createPlanInvoiceHandler(deps: PlanInvoiceDeps): JobHandler {
  return {
    run: async (ctx, raw) => {
      const { taskId } = raw as Payload;
      await draftVisitInvoice(ctx.db, ctx.dialect, deps, ctx.tenantId, taskId);
    },
  };
}
