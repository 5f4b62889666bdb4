import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

const TONES = {
  info: 'border-primary/20 bg-primary-soft text-gray-900',
  warning: 'border-warning/30 bg-warning-soft text-gray-900',
} as const;

/** A full-width line of context at the top of a page or card: what is on, what is missing, with an optional action. */
export function Banner({
  tone = 'info',
  icon,
  title,
  children,
  action,
}: {
  tone?: keyof typeof TONES;
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div role="status" className={cn('flex flex-col gap-3 rounded-lg border px-4 py-3 text-sm sm:flex-row sm:items-center', TONES[tone])}>
      {icon ? <span className="shrink-0">{icon}</span> : null}
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {children ? <div className="text-gray-700">{children}</div> : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
