import type { ReactElement, ReactNode } from 'react';
import { ErrorState } from './error-state';
import { PageHeader } from './page-header';
import { SkeletonForm } from './skeleton';

type RecordQuery = { isLoading: boolean; error: unknown; data: unknown; refetch: () => unknown };

/**
 * What an edit page shows before its record is there: the header over a form skeleton while loading, or over
 * the error with a retry. Null once the record has loaded.
 */
export function formPageFallback(query: RecordQuery, page: { title: string; back: ReactNode; fields: number; errorTitle?: string }): ReactElement | null {
  if (!query.isLoading && !query.error && query.data) return null;
  return (
    <>
      <PageHeader title={page.title} back={page.back} />
      {query.isLoading ? (
        <SkeletonForm fields={page.fields} />
      ) : (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} title={page.errorTitle} />
      )}
    </>
  );
}
