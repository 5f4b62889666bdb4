import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { cn } from '../lib/cn';

export const NO_DATA_TEXT = 'You have no data yet';
export const NO_RESULTS_TEXT = 'No results found';

export function EmptyState({
  title = NO_DATA_TEXT,
  description,
  action,
  icon,
  className,
}: {
  title?: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-2 px-4 py-12 text-center', className)}>
      <div className="text-gray-400" aria-hidden="true">
        {icon ?? <Inbox size={32} />}
      </div>
      <p className="text-sm font-medium text-gray-900">{title}</p>
      {description ? <p className="max-w-sm text-sm text-muted">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
