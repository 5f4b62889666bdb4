import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card } from '../../components/card';
import { ErrorState } from '../../components/error-state';
import { SkeletonForm } from '../../components/skeleton';

/**
 * A settings card's three states: a skeleton while its data loads, the error with a retry when it fails, the
 * content once it is there — never a blank card.
 */
export function SettingsQueryFrame<T>({ query, fields = 4, children }: { query: UseQueryResult<T>; fields?: number; children: (data: T) => ReactNode }) {
  if (query.isLoading) {
    return (
      <Card>
        <SkeletonForm fields={fields} />
      </Card>
    );
  }
  if (query.error || query.data === undefined) {
    return (
      <Card>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  return <>{children(query.data)}</>;
}
