import { useMemo, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/button';
import { NO_DATA_TEXT } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/auth-context';
import { cn } from '../../lib/cn';
import { WorkOrderPage } from '../../app/route-guards';
import { monthGrid, monthLabel, todayIn, weekdayHeaders } from './month-grid';

export function SchedulerCalendarPage() {
  const { company } = useSession();
  const today = useMemo(() => todayIn(company.timeZone), [company.timeZone]);
  const [cursor, setCursor] = useState({ year: today.year, month: today.month });
  const days = monthGrid(cursor.year, cursor.month, today);
  const shift = (delta: number) =>
    setCursor((c) => {
      const m = c.month + delta;
      return { year: c.year + Math.floor(m / 12), month: ((m % 12) + 12) % 12 };
    });

  return (
    <WorkOrderPage fieldRoles="allow">
      <PageHeader title="Scheduler" />
      <section aria-label="Calendar" className="rounded-lg border border-border bg-white">
        <div className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2">
          <Button variant="secondary" size="icon" aria-label="Previous month" onClick={() => shift(-1)}>
            <ChevronLeft size={16} aria-hidden="true" />
          </Button>
          <Button variant="secondary" size="icon" aria-label="Next month" onClick={() => shift(1)}>
            <ChevronRight size={16} aria-hidden="true" />
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setCursor({ year: today.year, month: today.month })}>
            Today
          </Button>
          <h2 className="ml-2 text-base font-semibold" aria-live="polite">
            {monthLabel(cursor.year, cursor.month)}
          </h2>
          <span className="ml-auto text-sm text-muted">Month</span>
        </div>
        <div className="relative">
          <div aria-label={monthLabel(cursor.year, cursor.month)} className="grid grid-cols-7">
            <div className="contents">
              {weekdayHeaders().map((d) => (
                <div key={d} className="border-b border-border bg-gray-50 px-2 py-1.5 text-xs font-semibold text-gray-700 uppercase">
                  {d}
                </div>
              ))}
            </div>
            {days.map((d) => (
              <div
               
                key={d.key}
                aria-current={d.isToday ? 'date' : undefined}
                className={cn('h-16 border-r border-b border-border p-1.5 text-xs sm:h-24', d.inMonth ? 'text-gray-800' : 'bg-gray-50 text-gray-500')}
              >
                <span className={cn('inline-flex h-6 w-6 items-center justify-center rounded-full', d.isToday && 'bg-primary font-semibold text-white')}>
                  {d.day}
                </span>
              </div>
            ))}
          </div>
          <p className="pointer-events-none absolute inset-x-0 top-1/2 mx-auto w-fit -translate-y-1/2 rounded-md bg-white/90 px-4 py-2 text-sm font-medium text-gray-900 shadow-sm">
            {NO_DATA_TEXT}
          </p>
        </div>
      </section>
    </WorkOrderPage>
  );
}
