import { useEffect, useMemo } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError, messageOf } from './api-client';

/**
 * A failed save's validation messages: each one that names a field goes under that input (via setError);
 * the rest, or a non-validation failure's message, is returned for an alert above the form.
 */
export function useServerFieldErrors<Values extends FieldValues>(
  serverError: unknown,
  setError: UseFormSetError<Values>,
  fieldOf: (message: string) => FieldPath<Values> | undefined,
): string[] {
  const unmatched = useMemo(() => {
    if (!serverError) return [];
    if (!isApiError(serverError) || serverError.statusCode !== 400) return [messageOf(serverError)];
    return serverError.messages.filter((m) => !fieldOf(m));
    // fieldOf is a module-level lookup: it never changes between renders.
  }, [serverError]);
  useEffect(() => {
    if (!isApiError(serverError) || serverError.statusCode !== 400) return;
    for (const message of serverError.messages) {
      const field = fieldOf(message);
      if (field) setError(field, { type: 'server', message }, { shouldFocus: false });
    }
  }, [serverError, setError]);
  return unmatched;
}
