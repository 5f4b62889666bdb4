import { memo, useId, useMemo, useRef, useState, type JSX } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Search } from 'lucide-react';
import type { TeamMember } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { controlClass } from '../../components/input';
import { Skeleton } from '../../components/skeleton';
import { cn } from '../../lib/cn';
import type { Swatch } from './scheduler-colours';

/** The selection key of "tasks with nobody assigned", kept in the same set as member ids. */
export const UNASSIGNED_KEY = 'unassigned';

export type TeamSidebarProps = {
  /** All active people, in team order (their colours follow that order). */
  members: readonly TeamMember[];
  loading: boolean;
  /** null → the unassigned colour. */
  colourOf: (memberId: string | null) => Swatch;
  /** Member ids, plus UNASSIGNED_KEY for unassigned tasks. */
  selected: ReadonlySet<string>;
  onSelectedChange: (next: Set<string>) => void;
};

type TypeFilter = 'ALL' | TeamMember['type'];

const TYPE_FILTERS: readonly { value: TypeFilter; label: string }[] = [
  { value: 'ALL', label: 'All Team' },
  { value: 'TECHNICIAN', label: 'Technicians' },
  { value: 'SUBCONTRACTOR', label: 'Sub-Contractors' },
];

const TYPE_LABEL: Record<TeamMember['type'], string> = { TECHNICIAN: 'Technician', SUBCONTRACTOR: 'Sub-Contractor' };

export const NO_TEAM_MEMBERS_TEXT = 'No team members found';

/** Past this many rows the list renders only what is in view (a team may have 500 people). */
const VIRTUAL_FROM = 100;
const ROW_HEIGHT = 44;

/** The scheduler's 295 px people panel: who to show on the board, and each person's colour. */
/** Memoised: the board re-renders on every move; the sidebar only when the team or the selection changes. */
export const TeamSidebar = memo(function TeamSidebar({ members, loading, colourOf, selected, onSelectedChange }: TeamSidebarProps): JSX.Element {
  const [query, setQuery] = useState('');
  const [type, setType] = useState<TypeFilter>('ALL');
  const listLabel = useId();

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return members.filter((m) => (type === 'ALL' || m.type === type) && (!needle || m.name.toLowerCase().includes(needle)));
  }, [members, query, type]);

  const toggle = (key: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(key);
    else next.delete(key);
    onSelectedChange(next);
  };
  // Both act on the people in view only, so "Technicians" + "Select all" adds exactly the technicians.
  const selectShown = (on: boolean) => {
    const next = new Set(selected);
    for (const m of shown) {
      if (on) next.add(m.id);
      else next.delete(m.id);
    }
    onSelectedChange(next);
  };

  return (
    <div className="flex h-full min-h-0 flex-col gap-3 p-3">
      <div className="relative">
        <Search size={16} aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-gray-500" />
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search by name"
          aria-label="Search by name"
          className={controlClass(false, 'h-9 pl-8')}
        />
      </div>

      <div role="group" aria-label="Team type" className="grid grid-cols-3 gap-1 rounded-md bg-gray-100 p-1">
        {TYPE_FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={type === f.value}
            onClick={() => setType(f.value)}
            className={cn(
              'rounded px-1 py-1 text-xs font-medium whitespace-nowrap text-gray-700 focus-visible:outline-2 focus-visible:outline-primary',
              type === f.value ? 'bg-white text-gray-900 shadow-sm' : 'hover:text-gray-900',
            )}
          >
            {f.label}
          </button>
        ))}
      </div>

      <div className="flex items-center justify-between text-xs text-muted">
        <span aria-live="polite">{loading ? 'Loading…' : `Showing ${shown.length}/${members.length}`}</span>
        <span className="flex gap-1">
          <Button variant="link" size="sm" className="h-6" disabled={loading || shown.length === 0} onClick={() => selectShown(true)}>
            Select all
          </Button>
          <Button variant="link" size="sm" className="h-6" disabled={loading || shown.length === 0} onClick={() => selectShown(false)}>
            Clear
          </Button>
        </span>
      </div>

      <span id={listLabel} className="sr-only">
        Team members
      </span>
      <div role="group" aria-labelledby={listLabel} className="flex min-h-0 flex-1 flex-col">
        <Row
          label="Unassigned"
          detail="Tasks with nobody assigned"
          swatch={colourOf(null)}
          checked={selected.has(UNASSIGNED_KEY)}
          onChange={(on) => toggle(UNASSIGNED_KEY, on)}
        />
        <div className="my-1 border-t border-border" />
        {loading ? (
          <div role="status" aria-label="Loading team" className="space-y-2 py-1">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="flex items-center gap-2 px-2">
                <Skeleton className="h-4 w-4" />
                <Skeleton className="h-3 w-3 rounded-full" />
                <Skeleton className="h-4 flex-1" />
              </div>
            ))}
          </div>
        ) : shown.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted">{NO_TEAM_MEMBERS_TEXT}</p>
        ) : shown.length > VIRTUAL_FROM ? (
          <VirtualRows shown={shown} colourOf={colourOf} selected={selected} toggle={toggle} />
        ) : (
          <div className="min-h-0 flex-1 overflow-y-auto">
            {shown.map((m) => (
              <MemberRow key={m.id} member={m} colourOf={colourOf} selected={selected} toggle={toggle} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
});

type RowsProps = {
  colourOf: TeamSidebarProps['colourOf'];
  selected: ReadonlySet<string>;
  toggle: (key: string, on: boolean) => void;
};

function VirtualRows({ shown, ...rest }: RowsProps & { shown: readonly TeamMember[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // jsdom and the first paint have no layout yet: assume the panel's usual height so rows appear at once.
    initialRect: { width: 295, height: 600 },
  });
  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto">
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div key={item.key} className="absolute inset-x-0 top-0" style={{ height: item.size, transform: `translateY(${item.start}px)` }}>
            <MemberRow member={shown[item.index]!} {...rest} />
          </div>
        ))}
      </div>
    </div>
  );
}

function MemberRow({ member, colourOf, selected, toggle }: RowsProps & { member: TeamMember }) {
  return (
    <Row
      label={member.name}
      detail={TYPE_LABEL[member.type]}
      swatch={colourOf(member.id)}
      checked={selected.has(member.id)}
      onChange={(on) => toggle(member.id, on)}
    />
  );
}

function Row({
  label,
  detail,
  swatch,
  checked,
  onChange,
}: {
  label: string;
  detail: string;
  swatch: Swatch;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex h-11 cursor-pointer items-center gap-2 rounded px-2 hover:bg-gray-50">
      <Checkbox aria-label={label} checked={checked} onCheckedChange={onChange} />
      <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-full border" style={{ background: swatch.border, borderColor: swatch.border }} />
      <span className="min-w-0 flex-1 leading-tight">
        <span className="block truncate text-sm text-gray-900">{label}</span>
        <span className="block truncate text-xs text-muted">{detail}</span>
      </span>
    </label>
  );
}
