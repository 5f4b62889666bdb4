import { Component, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowRight, Info } from 'lucide-react';
import { DASHBOARD_FIGURES, type DashboardFigure } from '@fieldwork/domain/dashboard/dashboard-figures.rules';
import { ErrorState } from '../../components/error-state';
import { Skeleton } from '../../components/skeleton';
import { Tooltip } from '../../components/tooltip';
import { cn } from '../../lib/cn';

export type CardLink = { to: LinkProps['to']; search?: Record<string, unknown>; label: string };

export type DashboardCardProps<T> = {
  title: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  link?: CardLink;
  /** Wide cards (charts, finance) take two grid columns on large screens. */
  wide?: boolean;
  skeletonRows?: number;
  actions?: ReactNode;
};

/**
 * One dashboard card: its own loading skeleton and its own error with a retry, so a failing metric
 * never blanks the rest of the page.
 */
export function DashboardCard<T>({ title, query, children, link, wide, skeletonRows = 4, actions }: DashboardCardProps<T>) {
  return (
    <section aria-label={title} className={cn('flex min-w-0 flex-col rounded-lg border border-border bg-white', wide && 'md:col-span-2')}>
      <header className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 className="text-sm font-semibold text-gray-900">{title}</h2>
        <div className="flex items-center gap-2">
          {actions}
          {link ? (
            <Link to={link.to} search={link.search as never} className="inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline">
              {link.label} <ArrowRight size={12} aria-hidden="true" />
            </Link>
          ) : null}
        </div>
      </header>
      <div className="@container flex-1 p-4">
        {query.isPending ? (
          <div role="status" aria-label={`Loading ${title}`} className="space-y-3">
            {Array.from({ length: skeletonRows }, (_, i) => (
              <Skeleton key={i} className="h-6 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <ErrorState title={`${title} could not be loaded`} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <CardBoundary title={title} onRetry={() => void query.refetch()}>
            <CardBody data={query.data} render={children} />
          </CardBoundary>
        )}
      </div>
    </section>
  );
}

/** Calls the card's render function inside the boundary, so its errors are caught there too. */
function CardBody<T>({ data, render }: { data: T; render: (data: T) => ReactNode }) {
  return <>{render(data)}</>;
}

type BoundaryProps = { title: string; onRetry: () => void; children: ReactNode };

/** An answer the card cannot draw (a server of another version) fails that card only, like a failed request. */
class CardBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorState
        title={`${this.props.title} could not be loaded`}
        error={this.state.error}
        onRetry={() => {
          this.setState({ error: null });
          this.props.onRetry();
        }}
      />
    );
  }
}

/** What a figure counts, from its one definition in the domain, on hover and keyboard focus. */
function FigureHint({ figure }: { figure: DashboardFigure }) {
  const { label, definition } = DASHBOARD_FIGURES[figure];
  return (
    <Tooltip content={<span className="block max-w-64">{definition}</span>}>
      <Info size={12} aria-label={`About ${label}: ${definition}`} role="img" className="text-muted" />
    </Tooltip>
  );
}

/**
 * A dashboard figure with optional change line, the building block of the numeric cards. Its label and the
 * definition in its tooltip come from DASHBOARD_FIGURES, the same text the server computes it by.
 */
export function Stat({ figure, value, sub, change, to }: { figure: DashboardFigure; value: ReactNode; sub?: ReactNode; change?: ReactNode; to?: CardLink }) {
  const { label } = DASHBOARD_FIGURES[figure];
  const body = (
    <>
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="mt-0.5 text-lg leading-tight font-semibold break-words text-gray-900 tabular-nums">{value}</dd>
      {sub ? <dd className="text-xs text-muted">{sub}</dd> : null}
      {change ? <dd className="text-xs">{change}</dd> : null}
    </>
  );
  return (
    <div className="relative min-w-0 rounded-md bg-gray-50 px-3 py-2 pr-6">
      <span className="absolute top-2 right-2">
        <FigureHint figure={figure} />
      </span>
      {to ? (
        <Link to={to.to} search={to.search as never} aria-label={`${label}: ${to.label}`} className="block hover:underline">
          <dl>{body}</dl>
        </Link>
      ) : (
        <dl>{body}</dl>
      )}
    </div>
  );
}

/** Horizontal bars for ranked lists (zones, tags, customers): the bar is the share of the largest row. */
export function BarList({ rows, format }: { rows: readonly { key: string; label: string; value: number; detail?: string }[]; format: (v: number) => string }) {
  const max = Math.max(0, ...rows.map((r) => r.value));
  return (
    <ul className="space-y-2">
      {rows.map((r) => (
        <li key={r.key} className="text-sm">
          <div className="flex items-baseline justify-between gap-2">
            <span className="min-w-0 truncate text-gray-900">{r.label}</span>
            <span className="shrink-0 tabular-nums text-gray-900">
              {format(r.value)}
              {r.detail ? <span className="ml-1 text-xs text-muted">{r.detail}</span> : null}
            </span>
          </div>
          <div className="mt-1 h-1.5 rounded-full bg-gray-100" aria-hidden="true">
            <div className="h-1.5 rounded-full bg-primary" style={{ width: `${max > 0 ? Math.max(2, (r.value / max) * 100) : 0}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
