import type { CalendarEdit, CalendarView } from '@fieldwork/domain/scheduling/calendar.rules';
import type { DayKey } from '@fieldwork/domain/time/calendar-time.rules';
import type { SchedulerItem, TimeOff } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { Swatch } from './scheduler-colours';
import type { Assignee, DropRequest, MoveRequest } from './use-move-task';

/** A scheduler entry as the board draws it: its person's colour and what the viewer may do to it. */
export type BoardEntry = SchedulerItem & {
  colour: Swatch;
  edit: CalendarEdit;
  startMs: number;
  endMs: number;
  /** The assignee's name for the entry's accessible name; null when unassigned or not known (field roles). */
  assigneeName: string | null;
};

export type SlotRange = { start: string; end: string };

/** What both boards (calendar grid and dispatch chart) are given by the scheduler page. */
export type BoardProps = {
  timeZone: string;
  entries: readonly BoardEntry[];
  timeOff: readonly TimeOff[];
  /** Opens the preview drawer. */
  onOpen: (entry: BoardEntry) => void;
  /** A drag or resize that ended on a new slot (use-move-task decides and toasts); resolves once settled. */
  onMove: (req: MoveRequest) => unknown;
  /** A card from the Unscheduled / Unassigned sheets dropped on a slot; absent when the viewer cannot schedule. */
  onDropTask?: (req: DropRequest) => void;
  /** Click or drag across empty slots → task creation with scheduleOn; absent when the viewer cannot create. */
  onCreate?: (range: SlotRange) => void;
};

export type CalendarGridProps = BoardProps & {
  view: CalendarView;
  anchor: DayKey;
  /** Clicking a day number or "+n more" opens that day. */
  onOpenDay: (day: DayKey) => void;
  /** "+n more" of a crowded day; defaults to onOpenDay (the page sends the day view's to the agenda). */
  onShowMore?: (day: DayKey) => void;
  /** Keyboard: arrows move the anchor by a day (left/right) or a week (up/down). */
  onAnchorChange: (day: DayKey) => void;
};

export type ChartRowKind = 'unassigned' | 'technicians' | 'subcontractors' | 'person';
export type ChartRow = {
  key: string;
  kind: ChartRowKind;
  label: string;
  /** The person of a person row; a drop there assigns the task to them. */
  assignee: Assignee | null;
  colour: Swatch;
};

export type DispatchChartProps = BoardProps & {
  day: DayKey;
  /** In order: "Unassigned Tasks", "All Technicians", "All Subcontractors", then one per person. */
  rows: readonly ChartRow[];
  /** A phone: a narrower name column. */
  narrow?: boolean;
};
