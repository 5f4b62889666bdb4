import { useRef, type PointerEvent } from 'react';

/** A horizontal move longer than this (px), and more horizontal than vertical, is a swipe. */
export const SWIPE_MIN_PX = 60;

/**
 * Left/right swipes with pointer events (touch, pen and mouse alike). Vertical scrolling is left to the
 * browser (give the element `touch-action: pan-y`); a mostly vertical move is never a swipe.
 */
export function useSwipe({ onSwipeLeft, onSwipeRight }: { onSwipeLeft: () => void; onSwipeRight: () => void }) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    },
    onPointerUp: (e: PointerEvent<HTMLElement>) => {
      const from = start.current;
      start.current = null;
      if (!from || (from.id !== undefined && e.pointerId !== undefined && from.id !== e.pointerId)) return;
      const dx = e.clientX - from.x;
      const dy = e.clientY - from.y;
      if (Math.abs(dx) <= SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return;
      if (dx < 0) onSwipeLeft();
      else onSwipeRight();
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
