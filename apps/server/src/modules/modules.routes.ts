import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';
import { companyRoutes } from './company/company.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { jobsRoutes } from './jobs/jobs.routes.ts';
import { apiTokensRoutes } from './api-tokens/api-tokens.routes.ts';
import { customersRoutes } from './customers/customers.routes.ts';
import { lookupsRoutes } from './lookups/lookups.routes.ts';
import { subcontractorsRoutes } from './subcontractors/subcontractors.routes.ts';
import { notesRoutes } from './notes/notes.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { mediaOrphansPlugin } from './media/media-orphans.plugin.ts';
import { aiTextRoutes } from './ai-text/ai-text.routes.ts';
import { tableConfigRoutes } from './table-config/table-config.routes.ts';
import { leadsRoutes } from './leads/leads.routes.ts';
import { tasksRoutes } from './tasks/tasks.routes.ts';
import { schedulingRoutes } from './scheduling/scheduling.routes.ts';
import { bidsRoutes } from './bids/bids.routes.ts';
import { clockRoutes } from './clock/clock.routes.ts';
import { vehiclesRoutes } from './vehicles/vehicles.routes.ts';
import { myDayRoutes } from './my-day/my-day.routes.ts';

/** Every domain's routes, in one place, so the route table is easy to audit. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await healthRoutes(app);
  await authRoutes(app);
  await companyRoutes(app);
  await app.register(usersRoutes);
  await app.register(lookupsRoutes);
  await app.register(customersRoutes);
  await app.register(subcontractorsRoutes);
  await app.register(apiTokensRoutes);
  await app.register(jobsRoutes);
  await app.register(notesRoutes);
  await app.register(mediaRoutes);
  await app.register(mediaOrphansPlugin);
  await app.register(aiTextRoutes);
  await app.register(tableConfigRoutes);
  await app.register(leadsRoutes);
  await app.register(tasksRoutes);
  await app.register(schedulingRoutes);
  await app.register(bidsRoutes);
  await app.register(clockRoutes);
  await app.register(vehiclesRoutes);
  await app.register(myDayRoutes);
}
