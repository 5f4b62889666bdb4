import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'dark' | 'outline';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-gray-100 text-gray-800 border-transparent',
  primary: 'bg-primary-soft text-primary-hover border-transparent',
  success: 'bg-success-soft text-success border-transparent',
  warning: 'bg-warning-soft text-warning border-transparent',
  danger: 'bg-danger-soft text-danger-hover border-transparent',
  dark: 'bg-gray-900 text-white border-transparent',
  outline: 'bg-white text-gray-700 border-border-strong',
};

export function Badge({ tone = 'neutral', className, children, title }: { tone?: BadgeTone; className?: string; children: ReactNode; title?: string }) {
  return (
    <span
      title={title}
      className={cn('inline-flex max-w-full items-center truncate rounded-full border px-2 py-0.5 text-xs font-medium', tones[tone], className)}
    >
      {children}
    </span>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

/** Named references (tags, zones) as badges; past `max` the rest fold into one "+N" badge. */
export function NameBadges({ items, empty, max = Infinity }: { items: readonly { id: string; name: string }[]; empty: ReactNode; max?: number }) {
  if (items.length === 0) return <>{empty}</>;
  return (
    <span className="flex flex-wrap gap-1">
      {items.slice(0, max).map((item) => (
        <Badge key={item.id} tone="primary">
          {item.name}
        </Badge>
      ))}
      {items.length > max ? <Badge tone="outline">+{items.length - max}</Badge> : null}
    </span>
  );
}
