import { memo, type CSSProperties } from 'react';
import { rangeLabel, timeOfDayLabel } from '@fieldwork/domain/time/calendar-time.rules';
import type { BoardEntry, ChartRow } from './board.types';
import {
  afterLabelLeft,
  drawsSame,
  FULL_LABEL_PX,
  HOUR_PX,
  LABEL_PX,
  labelPlace,
  LANE_PX,
  TRACK_PX,
  type LabelPlace,
  type RowLayout,
  type TimeOffBlock,
} from './chart-layout';
import { UNASSIGNED_COLOUR, type Swatch } from './scheduler-colours';
import { PlanMark, planLabel } from '../../shared/plans/plan-badge';

/** A bar keeps at least this much of its end for its label when the label is pushed right. */
const LABEL_MIN_PX = 48;

/**
 * How far a bar's label moves right so it starts at the visible part of the track (`viewLeft`, track px
 * hidden behind the sticky name column) when the bar begins left of it; never past the bar's last
 * LABEL_MIN_PX. Done with the bar's padding rather than `position: sticky`: hundreds of sticky labels each
 * became a composited layer and made first render and scrolling of the chart several times slower.
 */
export function labelShift(left: number, width: number, viewLeft: number): number {
  return viewLeft > left ? Math.max(0, Math.min(viewLeft - left, width - LABEL_MIN_PX)) : 0;
}

/**
 * One row of the dispatch chart: a sticky label cell and a 24-hour track with the row's entries in lanes.
 * Memoised and fed only its own (identity-stable) layout, so a drag or a save re-renders the rows it touches.
 * Pointer, key and drop handling is delegated to the chart's body (one listener, not one per entry); the row
 * only draws and carries data-* markers the chart reads back.
 */
/** settled: the pointer is up; the entry is drawn as itself at the drop, no longer as a dashed preview. */
export type ChartGhost = { left: number; width: number; lane: number; entry: BoardEntry; settled: boolean };

export type ChartRowViewProps = {
  row: ChartRow;
  top: number;
  height: number;
  layout: RowLayout;
  timeZone: string;
  timeOff?: readonly TimeOffBlock[];
  /** The entry being dragged out of this row: drawn faded where it was. */
  draggingId?: string;
  /** The pointer is up: the dragged entry is no longer drawn where it was (it is drawn at the drop). */
  dropSettled?: boolean;
  /** The dragged entry drawn where it would land, when this row is the target. */
  ghost?: ChartGhost;
  /** The left edge of the visible track (px from the track's start): labels of bars starting before it move to it. */
  viewLeft: number;
  /** The track x range near the view, [xFrom, xTo): bars (with a label after them) outside it are not drawn. */
  xFrom: number;
  xTo: number;
  /** The name column's width (narrower on a phone). */
  labelPx: number;
  /** The lanes near the view, [laneFrom, laneTo): bars in other lanes are not drawn (tall group rows). */
  laneFrom: number;
  laneTo: number;
};

const ENTRY_INSET = 4;

// Hour lines as one background instead of 24 elements per row (hundreds of rows scroll through).
const TRACK_STYLE: CSSProperties = {
  position: 'relative',
  width: TRACK_PX,
  borderBottom: '1px solid var(--color-border)',
  flex: 'none',
  backgroundImage: `repeating-linear-gradient(to right, transparent 0, transparent ${HOUR_PX - 1}px, #e5e7eb ${HOUR_PX - 1}px, #e5e7eb ${HOUR_PX}px)`,
};

const HATCH = 'repeating-linear-gradient(45deg, rgba(107,114,128,0.25) 0, rgba(107,114,128,0.25) 6px, rgba(243,244,246,0.6) 6px, rgba(243,244,246,0.6) 12px)';

const labels = new WeakMap<BoardEntry, { timeZone: string; text: string }>();

/** "Task #1042 Fit boiler, 21 Nov, 09:00 - 21 Nov, 11:00, Upcoming": cached, the same entry sits on two rows. */
export function entryLabel(entry: BoardEntry, timeZone: string): string {
  const hit = labels.get(entry);
  if (hit && hit.timeZone === timeZone) return hit.text;
  const plan = entry.plan ? `, ${planLabel(entry.plan)}` : '';
  const text = `Task #${entry.taskNumber} ${entry.name}, ${rangeLabel(entry.startMs, entry.endMs, timeZone)}, ${entry.displayStatus}${plan}`;
  labels.set(entry, { timeZone, text });
  return text;
}

function entryStyle(left: number, width: number, lane: number, colour: Swatch, extra?: CSSProperties): CSSProperties {
  return {
    position: 'absolute',
    left,
    width,
    top: lane * LANE_PX + ENTRY_INSET,
    height: LANE_PX - ENTRY_INSET * 2,
    background: colour.bg,
    borderLeft: `3px solid ${colour.border}`,
    color: colour.text,
    ...extra,
  };
}

/**
 * place: where the label goes (chart-layout labelPlace); shift: how far an inside label moves right to stay in
 * view; afterLeft / afterWidth: where a label drawn after the bar goes, up to the next bar.
 */
type ChartEntryProps = {
  entry: BoardEntry;
  left: number;
  width: number;
  lane: number;
  colour: Swatch;
  rowLabel: string;
  timeZone: string;
  dragging: boolean;
  place: LabelPlace;
  shift: number;
  afterLeft: number;
  afterWidth: number;
};

const PAD_X = 8;

/**
 * One entry. Memoised on what it draws (not object identity), so when one task of a 2,000-entry group row
 * moves, the other entries of that row are compared, not re-rendered.
 */
const ChartEntry = memo(
  function ChartEntry({ entry, left, width, lane, colour, rowLabel, timeZone, dragging, place, shift, afterLeft, afterWidth }: ChartEntryProps) {
    const short = place !== 'inside';
    return (
      <>
        <div
          role="button"
          tabIndex={0}
          aria-label={`${entryLabel(entry, timeZone)}, ${rowLabel}`}
          title={short ? entryLabel(entry, timeZone) : undefined}
          data-entry-id={entry.id}
          data-task-number={entry.taskNumber}
          data-label-place={place}
          className={`overflow-hidden rounded py-1 text-xs leading-tight shadow-sm select-none focus-visible:outline-2 focus-visible:outline-primary ${short ? 'pr-0.5' : 'pr-2'} ${entry.edit.move ? 'cursor-grab' : 'cursor-pointer'}`}
          style={entryStyle(left, width, lane, colour, { paddingLeft: short ? 2 : PAD_X + shift, ...(dragging ? { opacity: 0.35 } : null) })}
        >
          {place === 'inside' ? (
            <BarLabel entry={entry} timeZone={timeZone} />
          ) : place === 'after' ? null : (
            // Smaller and clipped rather than ellipsed: a 15-minute bar still shows most of "#1234".
            <span data-bar-label="" className="block overflow-hidden text-[10px] font-semibold tracking-tight whitespace-nowrap">
              #{entry.taskNumber}
            </span>
          )}
          {entry.edit.resize ? <span data-resize-handle="" aria-hidden="true" className="absolute top-0 right-0 h-full w-2 cursor-ew-resize" /> : null}
        </div>
        {place === 'after' ? (
          // The full label in the free space after a short bar (the bar itself keeps the accessible name).
          <div
            aria-hidden="true"
            data-after-label={entry.id}
            className="pointer-events-none overflow-hidden py-1 text-xs leading-tight text-gray-800"
            style={{
              position: 'absolute',
              left: afterLeft,
              width: afterWidth,
              top: lane * LANE_PX + ENTRY_INSET,
              height: LANE_PX - ENTRY_INSET * 2,
              opacity: dragging ? 0.35 : undefined,
            }}
          >
            <BarLabel entry={entry} timeZone={timeZone} />
          </div>
        ) : null}
      </>
    );
  },
  (a, b) =>
    drawsSame(a.entry, b.entry) &&
    a.left === b.left &&
    a.width === b.width &&
    a.lane === b.lane &&
    a.colour === b.colour &&
    a.rowLabel === b.rowLabel &&
    a.timeZone === b.timeZone &&
    a.dragging === b.dragging &&
    a.place === b.place &&
    a.shift === b.shift &&
    a.afterLeft === b.afterLeft &&
    a.afterWidth === b.afterWidth,
);

/** Label placement and offsets of one placed bar for the visible track's left edge. */
function labelProps(left: number, width: number, room: number, viewLeft: number): Pick<ChartEntryProps, 'place' | 'shift' | 'afterLeft' | 'afterWidth'> {
  const place = labelPlace(width, room);
  const afterLeft = place === 'after' ? afterLabelLeft(left, width, room, viewLeft) : 0;
  return {
    place,
    shift: place === 'inside' ? labelShift(left, width, viewLeft) : 0,
    afterLeft,
    // Up to the next bar (less a gap), at most a bar's usual label width.
    afterWidth: place === 'after' ? Math.min(AFTER_LABEL_MAX_PX, left + width + room - afterLeft - 4) : 0,
  };
}

/** The widest a label after a short bar is drawn ("#12345 10:30 AM" and a name's start). */
const AFTER_LABEL_MAX_PX = 160;

/** Task number, the plan mark of a plan visit and the 12-hour start on the first line, the name under it. */
function BarLabel({ entry, timeZone }: { entry: BoardEntry; timeZone: string }) {
  return (
    <>
      <span data-bar-label="" className="block truncate">
        <b className="font-semibold">#{entry.taskNumber}</b>{' '}
        {entry.plan ? (
          <>
            <PlanMark plan={entry.plan} />{' '}
          </>
        ) : null}
        {timeOfDayLabel(entry.startMs, timeZone)}
      </span>
      <span className="block truncate">{entry.name}</span>
    </>
  );
}

export const ChartRowView = memo(function ChartRowView({
  row,
  top,
  height,
  layout,
  timeZone,
  timeOff,
  draggingId,
  dropSettled,
  ghost,
  viewLeft,
  xFrom,
  xTo,
  labelPx,
  laneFrom,
  laneTo,
}: ChartRowViewProps) {
  const colour = row.kind === 'unassigned' ? UNASSIGNED_COLOUR : row.colour;
  // A dropped entry (the pointer is up) is drawn as itself where it was let go, in the release's own frame:
  // moved (same element) when it stays in this row, gone from here when it went to another row.
  const settledId = ghost?.settled ? ghost.entry.id : dropSettled ? draggingId : undefined;
  const aggregate = row.kind !== 'person';
  const narrow = labelPx < LABEL_PX;
  return (
    <div
      role="group"
      aria-label={row.label}
      data-row-key={row.key}
      className="flex"
      style={{ position: 'absolute', top, left: 0, height, width: labelPx + TRACK_PX }}
    >
      <div
        // Each cell draws its own bottom line, so the sticky name cell also hides the now line under its border.
        className={`sticky left-0 z-[4] flex flex-none items-start border-r border-b border-border bg-white py-2 ${narrow ? 'gap-1.5 px-2 text-xs' : 'gap-2 px-3 text-sm'} ${aggregate ? 'font-semibold' : ''}`}
        style={{ width: labelPx }}
      >
        {aggregate ? null : (
          <span aria-hidden="true" className={`${narrow ? 'mt-1' : 'mt-1.5'} h-2.5 w-2.5 flex-none rounded-full`} style={{ background: colour.border }} />
        )}
        {/* The narrow (phone) column wraps a name onto two lines rather than cutting it to a few letters. */}
        <span className={narrow ? 'line-clamp-2 break-words' : 'truncate'} title={row.label}>
          {row.label}
        </span>
      </div>
      <div data-track="" style={TRACK_STYLE}>
        {timeOff?.map((b) => (
          <div
            key={b.id}
            data-time-off=""
            title={b.label}
            className="pointer-events-none"
            style={{ position: 'absolute', top: 0, bottom: 0, left: b.left, width: b.width, backgroundImage: HATCH }}
          >
            <span className="sr-only">{b.label}</span>
          </div>
        ))}
        {layout.items.map((item) => {
          // A short bar's label may sit anywhere in the free space after it (moved into view): keep it while that does.
          const reach = item.width < FULL_LABEL_PX ? item.room : 0;
          if (item.lane < laneFrom || item.lane >= laneTo || item.left >= xTo || item.left + item.width + reach <= xFrom) return null;
          const dropped = settledId !== undefined && item.entry.id === settledId;
          if (dropped && ghost?.entry.id !== settledId) return null;
          const { entry, left, width, lane } = dropped ? ghost! : item;
          // A dropped bar's free space is not known until the row is laid out again: its label stays compact.
          const room = dropped ? 0 : item.room;
          return (
            <ChartEntry
              key={entry.id}
              entry={entry}
              left={left}
              width={width}
              lane={lane}
              colour={entry.colour}
              rowLabel={row.label}
              timeZone={timeZone}
              dragging={!dropSettled && entry.id === draggingId}
              {...labelProps(left, width, room, viewLeft)}
            />
          );
        })}
        {ghost?.settled && !layout.items.some((i) => i.entry.id === ghost.entry.id) ? (
          <ChartEntry
            entry={ghost.entry}
            left={ghost.left}
            width={ghost.width}
            lane={ghost.lane}
            colour={ghost.entry.colour}
            rowLabel={row.label}
            timeZone={timeZone}
            dragging={false}
            {...labelProps(ghost.left, ghost.width, 0, viewLeft)}
          />
        ) : null}
        {ghost && !ghost.settled ? (
          <div
            aria-hidden="true"
            data-drag-preview={ghost.entry.id}
            className="pointer-events-none overflow-hidden rounded border border-dashed px-2 py-1 text-xs leading-tight shadow-md"
            style={entryStyle(ghost.left, ghost.width, ghost.lane, ghost.entry.colour, { zIndex: 3, opacity: 0.9, borderColor: ghost.entry.colour.border })}
          >
            <BarLabel entry={ghost.entry} timeZone={timeZone} />
          </div>
        ) : null}
      </div>
    </div>
  );
});
