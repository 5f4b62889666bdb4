import { z } from 'zod';
import { TOKEN_EXPIRY_MESSAGES, TOKEN_SCOPES, tokenExpiryProblem } from './api-tokens.rules.ts';
import { requiredText } from '../common/common.schemas.ts';

export const tokenScopeSchema = z.enum(TOKEN_SCOPES, { error: `Scope must be one of: ${TOKEN_SCOPES.join(', ')}.` });

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scope: tokenScopeSchema,
  /** null: works until revoked. Listed after it passes too, so the owner sees why an integration stopped. */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** An instant in the future and at most a year ahead, checked against the clock at the moment of the request. */
const expiresAtField = z.iso
  .datetime({ offset: true, error: TOKEN_EXPIRY_MESSAGES.invalid })
  .transform((v) => new Date(v).toISOString())
  .check((ctx) => {
    const problem = tokenExpiryProblem(ctx.value, Date.now());
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

export const createApiTokenBody = z.strictObject({
  name: requiredText('Token Name', 60),
  // Absent means read-only: an integration written before scopes existed gets the least power, not the most.
  scope: tokenScopeSchema
    .default('read')
    .describe(
      "read: GET and HEAD only. receptionist: only POST /api/receptionist/calls. full: everything the owner may do. No token may manage tokens, users or company settings, or change its owner's profile. Default: read.",
    ),
  expiresAt: expiresAtField
    .nullable()
    .optional()
    .describe('When the token stops working (ISO 8601, in the future, at most one year ahead); absent or null: until revoked.'),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBody>;
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });

/** Bearer secrets start with this, so a leaked one is recognisable in logs and scanners. */
export const API_TOKEN_PREFIX = 'fwk_';
