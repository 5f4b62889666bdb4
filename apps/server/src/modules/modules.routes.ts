import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';
import { companyRoutes } from './company/company.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { apiTokensRoutes } from './api-tokens/api-tokens.routes.ts';
import { customersRoutes } from './customers/customers.routes.ts';
import { lookupsRoutes } from './lookups/lookups.routes.ts';
import { subcontractorsRoutes } from './subcontractors/subcontractors.routes.ts';

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
}
