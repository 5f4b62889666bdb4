import { z } from 'zod';
import { requiredText } from './common.schemas.ts';

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createApiTokenBody = z.strictObject({ name: requiredText('Token Name', 60) });
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });

/** Bearer secrets start with this, so a leaked one is recognisable in logs and scanners. */
export const API_TOKEN_PREFIX = 'fwk_';
