import type { z } from 'zod';

/** The first message per top-level field of a failed domain-schema parse, for inline field errors. */
export function fieldErrors<K extends string>(error: z.ZodError): Partial<Record<K, string>> {
  const found: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    found[key] ??= issue.message;
  }
  return found;
}
