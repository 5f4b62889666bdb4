import { useSyncExternalStore } from 'react';

export const BREAKPOINT_SM = 640;
export const BREAKPOINT_LG = 1024;

function subscribeResize(callback: () => void): () => void {
  window.addEventListener('resize', callback);
  return () => window.removeEventListener('resize', callback);
}

export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribeResize,
    () => window.innerWidth,
    () => BREAKPOINT_LG,
  );
}

/** Desktop layouts (tables) from 640px up; cards below. */
export function useIsMobile(): boolean {
  return useViewportWidth() < BREAKPOINT_SM;
}

export function useIsDesktop(): boolean {
  return useViewportWidth() >= BREAKPOINT_LG;
}
