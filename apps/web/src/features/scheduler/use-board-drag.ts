import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { CALENDAR } from '@fieldwork/domain/scheduling/calendar.rules';
import { addDays, dayDiff, instantAt, zonedParts, type DayKey } from '@fieldwork/domain/time/calendar-time.rules';
import type { BoardEntry } from './board.types';
import { beginDrag, endDrag, type DraggedTask } from './drag-state';
import type { Assignee, DropRequest, MoveRequest } from './use-move-task';

/**
 * Pointer drag for both boards. A board says where a pointer is (`locate`: the day and snapped wall-clock
 * minute under it, and the person of the row on the chart); the hook turns the pointer's travel into a new
 * start (a move keeps the length, counted on the wall clock so 09:00 stays 09:00 across a DST change) or a new
 * end (a resize), draws it as `preview`, and on release hands the change to onMove. A press that does not
 * travel is a click (onOpen). Escape cancels. Rules of what may move live in the domain (entry.edit).
 */
export type BoardPoint = { day: DayKey; minute: number; assignee?: Assignee | null };
export type DragMode = 'move' | 'resize';
/** settled: the pointer is up and the entry is drawn where it was dropped, as itself, until the move is applied. */
export type DragPreview = { id: string; startMs: number; endMs: number; assignee: Assignee | null; settled?: boolean };

const CLICK_TRAVEL_PX = 4;

type Options = {
  timeZone: string;
  locate: (clientX: number, clientY: number) => BoardPoint | null;
  /** The shortest a resize may make an entry, in minutes (the view's slot). */
  minMinutes: number;
  /** May return the move's promise: the dropped entry stays drawn where it was let go until it settles. */
  onMove: (req: MoveRequest) => unknown;
  onOpen: (entry: BoardEntry) => void;
};

type Session = { entry: BoardEntry; mode: DragMode; x: number; y: number; origin: BoardPoint; travelled: boolean; preview: DragPreview | null };

export function previewFor(entry: BoardEntry, mode: DragMode, origin: BoardPoint, at: BoardPoint, timeZone: string, minMinutes: number): DragPreview {
  const assignee = at.assignee === undefined ? entry.assignedTo : at.assignee;
  if (mode === 'resize') {
    const end = Math.max(instantAt(at.day, at.minute, timeZone), entry.startMs + minMinutes * 60_000);
    return { id: entry.id, startMs: entry.startMs, endMs: end, assignee: entry.assignedTo };
  }
  const wall = zonedParts(entry.startMs, timeZone);
  const start = instantAt(addDays(wall.day, dayDiff(origin.day, at.day)), wall.minute + at.minute - origin.minute, timeZone);
  return { id: entry.id, startMs: start, endMs: start + (entry.endMs - entry.startMs), assignee: assignee ?? null };
}

export function useBoardDrag({ timeZone, locate, minMinutes, onMove, onOpen }: Options) {
  const [preview, setPreview] = useState<DragPreview | null>(null);
  const session = useRef<Session | null>(null);
  const opts = useRef({ timeZone, locate, minMinutes, onMove, onOpen });
  opts.current = { timeZone, locate, minMinutes, onMove, onOpen };

  const finish = useCallback((commit: boolean) => {
    const s = session.current;
    session.current = null;
    const p = s?.preview ?? null;
    const changed = !!s && !!p && (p.startMs !== s.entry.startMs || p.endMs !== s.entry.endMs || (p.assignee?.id ?? null) !== (s.entry.assignedTo?.id ?? null));
    if (!s || !commit || !s.travelled || !p || !changed) {
      setPreview(null);
      if (s?.travelled) endDrag();
      if (s && commit && !s.travelled) opts.current.onOpen(s.entry);
      return;
    }
    // The drop shows at once: the entry stays where it was let go, drawn as itself. The move (the optimistic
    // patch, and with it re-packing the column around it) is applied after that frame has been painted, so the
    // hand sees the drop land without waiting for the board's layout.
    setPreview({ ...p, settled: true });
    const samePerson = (p.assignee?.id ?? null) === (s.entry.assignedTo?.id ?? null);
    const req = {
      item: s.entry,
      start: new Date(p.startMs).toISOString(),
      end: new Date(p.endMs).toISOString(),
      ...(samePerson || !p.assignee ? {} : { assignee: p.assignee }),
    };
    // Two frames: the first paints the drop; the heavier re-render starts with the next one. The settled
    // preview is dropped only once the move has settled (the server's answer, or the refusal that puts the
    // entry back): the cache patch reaches the board a task later than a state change here would, and
    // clearing first would draw the entry back at its old place for a moment.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const settling = opts.current.onMove(req);
        endDrag();
        void Promise.resolve(settling).finally(() => setPreview((cur) => (cur?.settled && cur.id === p.id ? null : cur)));
      }),
    );
  }, []);

  useEffect(() => {
    const move = (e: PointerEvent) => {
      const s = session.current;
      if (!s) return;
      if (!s.travelled) {
        if (Math.hypot(e.clientX - s.x, e.clientY - s.y) < CLICK_TRAVEL_PX) return;
        const allowed = s.mode === 'move' ? s.entry.edit.move : s.entry.edit.resize;
        if (!allowed) return;
        s.travelled = true;
        beginDrag();
      }
      const at = opts.current.locate(e.clientX, e.clientY);
      if (!at) return;
      s.preview = previewFor(s.entry, s.mode, s.origin, at, opts.current.timeZone, opts.current.minMinutes);
      setPreview(s.preview);
    };
    const up = () => finish(true);
    const cancel = () => finish(false);
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && session.current?.travelled) finish(false);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', key);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', key);
      if (session.current?.travelled) endDrag();
      session.current = null;
    };
  }, [finish]);

  /** Call from an entry's (or its resize handle's) onPointerDown. */
  const start = useCallback((e: ReactPointerEvent, entry: BoardEntry, mode: DragMode) => {
    if (e.button !== 0) return;
    const origin = opts.current.locate(e.clientX, e.clientY);
    if (!origin) return;
    e.stopPropagation();
    e.preventDefault();
    session.current = { entry, mode, x: e.clientX, y: e.clientY, origin, travelled: false, preview: null };
  }, []);

  return { preview, start };
}

/** A sheet card dropped at a point: it keeps its length, or takes the default new range (1 hour). */
export function dropRequestAt(task: DraggedTask, at: BoardPoint, timeZone: string): DropRequest {
  const start = instantAt(at.day, at.minute, timeZone);
  const minutes = task.durationMinutes && task.durationMinutes > 0 ? task.durationMinutes : CALENDAR.newRangeMinutes;
  return {
    task,
    start: new Date(start).toISOString(),
    end: new Date(start + minutes * 60_000).toISOString(),
    ...(at.assignee ? { assignee: at.assignee } : {}),
  };
}
