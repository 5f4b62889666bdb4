import type { MetricFigure } from '@fieldwork/domain/dashboard/dashboard.schemas';
import { cn } from '../../lib/cn';

/** "12.5%" from a fraction, one decimal, no sign (the arrow carries it). */
export function percentText(fraction: number): string {
  return `${(Math.abs(fraction) * 100).toFixed(1)}%`;
}

/**
 * The change against the previous period: ▲ green when the figure went the good way, ▼ red when it went
 * the bad way. `lowerIsBetter` flips the colours for figures such as overdue amounts or missed calls.
 */
export function MetricChange({ figure, lowerIsBetter = false }: { figure: MetricFigure; lowerIsBetter?: boolean }) {
  // Snapshots of now (previous null) have nothing to compare; from zero, a percentage means nothing.
  if (figure.change === null) return figure.previous === 0 && figure.value !== 0 ? <span className="text-muted">None in previous period</span> : null;
  const change = figure.change;
  if (change === 0) return <span className="text-muted">— 0.0% vs previous period</span>;
  const up = change > 0;
  const good = up !== lowerIsBetter;
  return (
    <span
      className={cn('font-medium', good ? 'text-success' : 'text-danger')}
      title={figure.previous === null ? undefined : `Previous period: ${figure.previous}`}
    >
      <span aria-hidden="true">{up ? '▲' : '▼'}</span> {percentText(change)}
      <span className="sr-only">{up ? ' up' : ' down'}</span>
      <span className="font-normal text-muted"> vs previous period</span>
    </span>
  );
}
