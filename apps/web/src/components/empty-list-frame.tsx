import type { ReactNode } from 'react';
import { useIsMobile } from '../lib/use-media-query';
import { DataTable } from './data-table';
import { EmptyState, NO_DATA_TEXT } from './empty-state';

/**
 * The frame of a list that has no rows yet: the table header on desktop so the user sees what the
 * list will hold, a plain card on mobile.
 */
export function EmptyListFrame({
  columns,
  caption,
  title = NO_DATA_TEXT,
  action,
}: {
  columns: readonly string[];
  caption: string;
  title?: string;
  action?: ReactNode;
}) {
  const mobile = useIsMobile();
  const empty = <EmptyState title={title} action={action} />;
  if (mobile) return <div className="rounded-lg border border-border bg-white">{empty}</div>;
  return (
    <DataTable caption={caption} columns={columns.map((header) => ({ key: header, header, cell: () => null }))} rows={[]} rowKey={() => ''} empty={empty} />
  );
}
