import { useMemo } from 'react';
import { CalendarClock } from 'lucide-react';
import { previewVisits } from '@fieldwork/domain/plans/plans.rules';
import { describeRecurrence } from '@fieldwork/domain/plans/recurrence-words.rules';
import { validateRecurrence, type Recurrence } from '@fieldwork/domain/plans/recurrence.rules';
import { Card } from '../../components/card';
import { formatDateTime } from '../../lib/format';

/**
 * The rule in words and its next ten visits, recomputed on every keystroke with the same domain functions the
 * server generates visits with, in the company's zone, so what the office sees here is what the plan will make.
 */
export function PlanPreview({ recurrence, timeZone, now }: { recurrence: Recurrence; timeZone: string; now: Date }) {
  const preview = useMemo(() => {
    if (validateRecurrence(recurrence).length) return null;
    return { words: describeRecurrence(recurrence), visits: previewVisits(recurrence, timeZone, now) };
  }, [recurrence, timeZone, now]);
  return (
    <Card title="Preview">
      <section aria-label="Preview" aria-live="polite" className="space-y-3 text-sm">
        {preview ? (
          <>
            <p className="font-medium text-gray-900" data-testid="plan-rule-words">
              {preview.words}
            </p>
            {preview.visits.length ? (
              <ol aria-label="Next visits" className="space-y-1">
                {preview.visits.map((v, i) => (
                  <li key={v.localDate} className="flex items-center gap-2 tabular-nums text-gray-700">
                    <span className="w-5 text-right text-xs text-muted">{i + 1}.</span>
                    <CalendarClock size={14} aria-hidden="true" className="text-gray-400" />
                    {formatDateTime(v.startsAt.toISOString(), timeZone)}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-muted">No visits to come: the plan ends before its next date.</p>
            )}
          </>
        ) : (
          <p className="text-muted">Fix the schedule to see the visits it makes.</p>
        )}
      </section>
    </Card>
  );
}
