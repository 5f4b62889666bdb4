import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export function Card({ title, actions, children, className }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={cn('rounded-lg border border-border bg-white', className)}>
      {title || actions ? (
        <header className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
          {title ? <h2 className="text-sm font-semibold text-gray-900">{title}</h2> : <span />}
          {actions}
        </header>
      ) : null}
      <div className="p-4">{children}</div>
    </section>
  );
}

/** Label/value pairs of a record's detail view. */
export function DetailList({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs font-medium text-muted uppercase">{item.label}</dt>
          <dd className="mt-0.5 break-words text-gray-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
