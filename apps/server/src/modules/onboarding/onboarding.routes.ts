import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dashboardConfigurationBody,
  dashboardConfigurationSchema,
  financingBody,
  financingSchema,
  onboardingBody,
  onboardingSchema,
} from '@fieldwork/domain/company/onboarding.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { dismissFinancing, getConfiguration, getFinancing, getOnboarding, saveConfiguration, setOnboardingDismissed } from './onboarding.service.ts';

/** The dashboard's per-user parts: onboarding checklist, card configuration, financing banner. */
export async function onboardingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];
  const preHandler = guard('dashboard.read');
  const viewerOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).viewer;

  r.get(
    '/api/dashboard/onboarding',
    {
      preHandler,
      schema: { tags, summary: "Setup checklist ticked from the company's records, and whether this user dismissed it", response: { 200: onboardingSchema } },
    },
    async (request) => getOnboarding(app.db, viewerOf(request)),
  );

  r.put(
    '/api/dashboard/onboarding',
    {
      preHandler,
      schema: { tags, summary: 'Dismiss (or bring back) the checklist for this user', body: onboardingBody, response: { 200: onboardingSchema } },
    },
    async (request) => setOnboardingDismissed(app.db, viewerOf(request), request.body.dismissed),
  );

  r.get(
    '/api/dashboard/configuration',
    {
      preHandler,
      schema: {
        tags,
        summary: "This user's dashboard cards in order, with visibility (default: all, default order)",
        response: { 200: dashboardConfigurationSchema },
      },
    },
    async (request) => getConfiguration(app.db, viewerOf(request)),
  );

  r.put(
    '/api/dashboard/configuration',
    {
      preHandler,
      schema: {
        tags,
        summary: "Save this user's card order and visibility (known keys, each once; cards left out follow, visible)",
        body: dashboardConfigurationBody,
        response: { 200: dashboardConfigurationSchema },
      },
    },
    async (request) => saveConfiguration(app.db, viewerOf(request), request.body),
  );

  r.get(
    '/api/dashboard/financing',
    {
      preHandler,
      schema: { tags, summary: "Customer Financing banner: the company's lender URL (Settings) and this user's dismissal", response: { 200: financingSchema } },
    },
    async (request) => getFinancing(app.db, viewerOf(request)),
  );

  r.put(
    '/api/dashboard/financing',
    {
      preHandler,
      schema: { tags, summary: 'Dismiss the Customer Financing banner for this user, for good', body: financingBody, response: { 200: financingSchema } },
    },
    async (request) => dismissFinancing(app.db, viewerOf(request)),
  );
}
