import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowLeft, Plus } from 'lucide-react';
import { buttonClass } from './button';

export function PageHeader({ title, description, actions, back }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; back?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        {back ? <div className="mb-1">{back}</div> : null}
        <h1 className="truncate text-xl font-semibold text-gray-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** The link above a page title back to the list the page belongs to. */
export function BackLink({ to, params, children }: { to: LinkProps['to']; params?: LinkProps['params']; children: ReactNode }) {
  return (
    <Link to={to} params={params} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
      <ArrowLeft size={14} aria-hidden="true" /> {children}
    </Link>
  );
}

/** The header action that opens a list's create page. */
export function CreateNewLink({ to }: { to: LinkProps['to'] }) {
  return (
    <Link to={to} className={buttonClass('primary')}>
      <Plus size={16} aria-hidden="true" /> Create New
    </Link>
  );
}
