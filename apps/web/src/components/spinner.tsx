import { Loader2 } from 'lucide-react';
import { cn } from '../lib/cn';

export function Spinner({ size = 16, className, label }: { size?: number; className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center gap-2 text-muted', className)}>
      <Loader2 size={size} className="animate-spin" aria-hidden="true" />
      {label ? <span>{label}</span> : null}
    </span>
  );
}

export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-40 items-center justify-center p-8">
      <Spinner size={20} label={label} />
    </div>
  );
}
