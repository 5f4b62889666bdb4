import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';

/** Spec: a tooltip stays 500 ms after the pointer leaves, so it can be read and reached. */
export const TOOLTIP_CLOSE_DELAY_MS = 500;

/**
 * A short hint on hover and keyboard focus. Disabled buttons get no pointer or focus events, so wrap
 * them: the tooltip's trigger is a focusable span around the child.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
  wrap = true,
}: {
  content: ReactNode;
  children: ReactElement;
  side?: 'top' | 'bottom' | 'left' | 'right';
  /** false: the child itself is the trigger (it must take a ref and pointer events, e.g. a menu item). */
  wrap?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  const onOpenChange = (next: boolean) => {
    clearTimeout(closeTimer.current);
    if (next) setOpen(true);
    else closeTimer.current = setTimeout(() => setOpen(false), TOOLTIP_CLOSE_DELAY_MS);
  };
  return (
    <TooltipPrimitive.Provider delayDuration={200}>
      <TooltipPrimitive.Root open={open} onOpenChange={onOpenChange}>
        <TooltipPrimitive.Trigger asChild>
          {wrap ? (
            <span tabIndex={0} className="inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
              {children}
            </span>
          ) : (
            children
          )}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            // Escape closes at once: a lingering tooltip would swallow the next Escape meant for a menu or dialog.
            onEscapeKeyDown={() => {
              clearTimeout(closeTimer.current);
              setOpen(false);
            }}
            className="z-50 rounded-md bg-gray-900 px-2 py-1 text-xs font-medium text-white shadow-lg"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-gray-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
