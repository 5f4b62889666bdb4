import { describe, expect, it } from 'vitest';
import { beginDrag, endDrag, isDragging, markOwnChange, readDraggedTask, takeOwnChange, TASK_DRAG_TYPE } from './drag-state';

describe('drag state', () => {
  it('counts nested drags and never goes below zero', () => {
    beginDrag();
    beginDrag();
    endDrag();
    expect(isDragging()).toBe(true);
    endDrag();
    endDrag();
    expect(isDragging()).toBe(false);
  });

  it("skips the first live echo of this screen's own change within 5 s, and only that one", () => {
    markOwnChange('t1', 1_000);
    expect(takeOwnChange('t1', 3_000)).toBe(true);
    expect(takeOwnChange('t1', 3_100)).toBe(false);
    markOwnChange('t2', 1_000);
    expect(takeOwnChange('t2', 7_000)).toBe(false);
    expect(takeOwnChange('t3', 1_000)).toBe(false);
  });

  it('reads a dragged sheet card and ignores anything else', () => {
    const data = (v: string) => ({ getData: (t: string) => (t === TASK_DRAG_TYPE ? v : '') }) as unknown as DataTransfer;
    expect(readDraggedTask(data(JSON.stringify({ taskId: 'x', taskNumber: 7 })))).toMatchObject({ taskId: 'x', taskNumber: 7 });
    expect(readDraggedTask(data('{not json'))).toBeNull();
    expect(readDraggedTask(data(JSON.stringify({ taskId: 1 })))).toBeNull();
    expect(readDraggedTask(null)).toBeNull();
  });
});
