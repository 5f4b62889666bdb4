import type { QueryKey } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { formatTime } from '../../lib/format';
import { useOnline } from '../../lib/use-online';
import { useServedFromKeptAt } from './kept-served';

/**
 * "Offline — last updated 10:42 AM" above a page that shows what the device kept: the answer read from the
 * device, or the one still in memory while the browser has no network. Online with a live answer, nothing.
 */
export function OfflineBanner({ queryKey, updatedAt, timeZone }: { queryKey: QueryKey; updatedAt: number | null; timeZone: string }) {
  const online = useOnline();
  const keptAt = useServedFromKeptAt(queryKey);
  const at = keptAt ?? (!online && updatedAt ? updatedAt : null);
  if (at === null) return null;
  return (
    <p role="status" className="flex items-center gap-2 rounded-lg border border-warning/30 bg-warning-soft px-3 py-2 text-sm font-semibold text-gray-900">
      <CloudOff size={16} aria-hidden="true" className="shrink-0" />
      {`Offline — last updated ${formatTime(at, timeZone)}`}
    </p>
  );
}
