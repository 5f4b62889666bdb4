import { useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calendarEdit, CALENDAR_MESSAGES, type CalendarView } from '@fieldwork/domain/scheduling/calendar.rules';
import { viewRange, type DayKey } from '@fieldwork/domain/time/calendar-time.rules';
import { MAX_SCHEDULER_ITEMS, type SchedulerItem, type TeamMember } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { BoardEntry, ChartRow } from './board.types';
import { chartAccent, personColour, personColours, UNASSIGNED_COLOUR, type ColourOf } from './scheduler-colours';
import { schedulerApi, schedulerKeys, type SchedulerFilters } from './scheduler.api';
import { UNASSIGNED_KEY } from './team-sidebar';

/** The scheduler list query retries twice. */
const SCHEDULER_RETRIES = 2;

const sameRef = (a: { id: string } | null, b: { id: string } | null) => a === b || (!!a && !!b && a.id === b.id);

/** Whether a refetched item draws the same as the cached entry (every field the boards show or send back). */
function sameItem(e: BoardEntry, item: SchedulerItem, colour: BoardEntry['colour'], canWrite: boolean, assigneeName: string | null): boolean {
  const edit = calendarEdit(item.status, canWrite);
  return (
    e.taskNumber === item.taskNumber &&
    e.name === item.name &&
    e.startTime === item.startTime &&
    e.endTime === item.endTime &&
    e.status === item.status &&
    e.displayStatus === item.displayStatus &&
    e.scheduleId === item.scheduleId &&
    e.scheduleVersion === item.scheduleVersion &&
    e.assignedTo?.type === item.assignedTo?.type &&
    sameRef(e.assignedTo, item.assignedTo) &&
    sameRef(e.job, item.job) &&
    e.job.jobNumber === item.job.jobNumber &&
    sameRef(e.customer, item.customer) &&
    e.customer.name === item.customer.name &&
    sameRef(e.plan, item.plan) &&
    e.plan?.name === item.plan?.name &&
    e.colour === colour &&
    e.assigneeName === assigneeName &&
    e.edit.move === edit.move &&
    e.edit.resize === edit.resize
  );
}

export type EntryCache = Map<string, BoardEntry>;

/** Is this item shown under the sidebar selection? null selection: no sidebar (field roles), all shown. */
export function isSelected(item: Pick<SchedulerItem, 'assignedTo'>, selected: ReadonlySet<string> | null): boolean {
  if (!selected) return true;
  return item.assignedTo ? selected.has(item.assignedTo.id) : selected.has(UNASSIGNED_KEY);
}

/**
 * The feed as board entries, in the selected people's colours. An unchanged item keeps the entry object it
 * had (from `cache`), so memoised lanes skip re-rendering after a refetch that changed one task.
 */
export function toEntries(
  items: readonly SchedulerItem[],
  selected: ReadonlySet<string> | null,
  canWrite: boolean,
  cache: EntryCache,
  names: ReadonlyMap<string, string> = new Map(),
  colourOf: ColourOf = personColour,
): BoardEntry[] {
  const next: EntryCache = new Map();
  const out: BoardEntry[] = [];
  for (const item of items) {
    if (!isSelected(item, selected)) continue;
    const colour = colourOf(item.assignedTo?.id ?? null);
    const assigneeName = item.assignedTo ? (names.get(item.assignedTo.id) ?? null) : null;
    const old = cache.get(item.id);
    const entry =
      old && sameItem(old, item, colour, canWrite, assigneeName)
        ? old
        : { ...item, colour, assigneeName, edit: calendarEdit(item.status, canWrite), startMs: Date.parse(item.startTime), endMs: Date.parse(item.endTime) };
    next.set(item.id, entry);
    out.push(entry);
  }
  cache.clear();
  for (const [k, v] of next) cache.set(k, v);
  return out;
}

/** Chart rows: the three group rows, then each selected person in team order whose name matches the search. */
export function chartRows(
  team: readonly TeamMember[],
  selected: ReadonlySet<string> | null,
  personSearch: string,
  colourOf: ColourOf = personColour,
): ChartRow[] {
  const rows: ChartRow[] = [
    { key: 'unassigned', kind: 'unassigned', label: CALENDAR_MESSAGES.unassignedTitle, assignee: null, colour: UNASSIGNED_COLOUR },
    { key: 'all_technicians', kind: 'technicians', label: CALENDAR_MESSAGES.allTechnicians, assignee: null, colour: chartAccent(0) },
    { key: 'all_subcontractors', kind: 'subcontractors', label: CALENDAR_MESSAGES.allSubcontractors, assignee: null, colour: chartAccent(1) },
  ];
  const needle = personSearch.trim().toLowerCase();
  for (const m of team) {
    if (selected && !selected.has(m.id)) continue;
    if (needle && !m.name.toLowerCase().includes(needle)) continue;
    rows.push({ key: m.id, kind: 'person', label: m.name, assignee: { id: m.id, type: m.type }, colour: colourOf(m.id) });
  }
  return rows;
}

/**
 * The sidebar selection as the people left out: everyone (and unassigned) is selected by default, and a
 * person added to the team later arrives selected without any bookkeeping.
 */
export function useTeamSelection(team: readonly TeamMember[]) {
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(() => new Set());
  const selected = useMemo(() => {
    const s = new Set<string>([UNASSIGNED_KEY, ...team.map((m) => m.id)]);
    for (const id of excluded) s.delete(id);
    return s as ReadonlySet<string>;
  }, [team, excluded]);
  const setSelected = (next: ReadonlySet<string>) => {
    const all = [UNASSIGNED_KEY, ...team.map((m) => m.id)];
    setExcluded(new Set(all.filter((id) => !next.has(id))));
  };
  return { selected, setSelected };
}

export type SchedulerBoardInput = {
  view: CalendarView;
  anchor: DayKey;
  chart: boolean;
  timeZone: string;
  filters: SchedulerFilters;
  /** Office users: the team sidebar, its selection and the chart's people rows. Field roles see their own tasks. */
  office: boolean;
  canWrite: boolean;
  personSearch: string;
};

export function useSchedulerBoard({ view, anchor, chart, timeZone, filters, office, canWrite, personSearch }: SchedulerBoardInput) {
  const range = useMemo(() => viewRange(chart ? 'day' : view, anchor, timeZone), [chart, view, anchor, timeZone]);
  const feed = useQuery({
    queryKey: schedulerKeys.feed(range, filters),
    queryFn: ({ signal }) => schedulerApi.feed(range, filters, signal),
    // Navigating keeps the last board on screen until the next range arrives: never a blank board.
    placeholderData: keepPreviousData,
    // No deep compare of a megabyte of entries on every refetch and every optimistic patch: toEntries keeps
    // unchanged entries' identity itself, field by field.
    structuralSharing: false,
    retry: SCHEDULER_RETRIES,
  });
  const teamQuery = useQuery({
    queryKey: schedulerKeys.team(filters),
    queryFn: ({ signal }) => schedulerApi.team(filters, signal),
    enabled: office,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: SCHEDULER_RETRIES,
  });
  const team = useMemo(() => (office ? (teamQuery.data ?? []) : []), [office, teamQuery.data]);
  const { selected, setSelected } = useTeamSelection(team);
  const names = useMemo(() => new Map(team.map((m) => [m.id, m.name])), [team]);
  const colourOf = useMemo(() => personColours(team.map((m) => m.id)), [team]);

  const cache = useRef<EntryCache>(new Map());
  // Until the team has loaded, show every task: the selection is only known once the people are.
  const selection = office && teamQuery.data ? selected : null;
  const entries = useMemo(
    () => toEntries(feed.data?.tasks ?? [], selection, canWrite, cache.current, names, colourOf),
    [feed.data, selection, canWrite, names, colourOf],
  );
  const rows = useMemo(() => chartRows(team, selection, personSearch, colourOf), [team, selection, personSearch, colourOf]);

  // The office's board waits for the team too (or its failure): drawing before would paint every entry once
  // without its person's colour and name, then again with them — a second full render of a big week.
  const ready = !office || teamQuery.data !== undefined || teamQuery.isError;

  return {
    range,
    ready,
    feed,
    teamQuery,
    team,
    entries,
    timeOff: feed.data?.timeOff ?? [],
    rows,
    selected,
    setSelected,
    colourOf,
    capped: (feed.data?.tasks.length ?? 0) >= MAX_SCHEDULER_ITEMS,
  };
}
