import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { textPreferencesBody, textPreferencesSchema } from '@fieldwork/domain/texts/text-preferences.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { getTextPreferences, saveTextPreferences } from './text-preferences-settings.service.ts';

/**
 * A refused save names each field it refuses (details: "templates.reminder" → the message), so the settings
 * screen puts a wording's problem under that wording rather than in a list at the bottom of the page.
 */
function refusalByField(request: FastifyRequest): AppError | null {
  const error = request.validationError as (Error & { validation?: { instancePath?: string; message?: string }[] }) | undefined;
  if (!error) return null;
  const issues = error.validation ?? [{ instancePath: '', message: error.message }];
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    if (path && issue.message && !details[path]) details[path] = issue.message;
  }
  const messages = [...new Set(issues.map((issue) => issue.message ?? 'Invalid value.'))];
  return new AppError('VALIDATION_FAILED', messages, Object.keys(details).length ? { details } : {});
}

/** What the company texts its customers, when, and in which words (Settings → Text messages). */
export async function textPreferencesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['texts'];

  r.get(
    '/api/company/texts/preferences',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags,
        summary: 'What is texted and when (reminders, quiet hours, confirmations) and the wording of each text',
        response: { 200: dataOf(textPreferencesSchema) },
      },
    },
    async (request) => ({ data: await getTextPreferences(app.db, requireAuth(request).viewer.tenantId) }),
  );
  r.put(
    '/api/company/texts/preferences',
    {
      preHandler: guard('settings.manage'),
      attachValidation: true,
      schema: {
        tags,
        summary: 'Save what is texted and when, and the wording (a template null or equal to the default follows the product’s wording)',
        body: textPreferencesBody,
        response: { 200: dataOf(textPreferencesSchema) },
      },
    },
    async (request) => {
      const refused = refusalByField(request);
      if (refused) throw refused;
      return { data: await saveTextPreferences(app.db, requireAuth(request).viewer.tenantId, request.body) };
    },
  );
}
