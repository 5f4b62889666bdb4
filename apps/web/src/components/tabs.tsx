import type { ReactNode } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '../lib/cn';

export type TabItem = { value: string; label: ReactNode };

export type TabsProps = {
  /** 'underline' for a page's main tabs, 'pills' for a filter inside a tab (a segmented control). */
  variant?: 'underline' | 'pills';
  value: string;
  onValueChange: (value: string) => void;
  items: readonly TabItem[];
  'aria-label': string;
  children?: ReactNode;
  className?: string;
};

/** Controlled tabs; put one <TabPanel> per item as children (or render the active panel yourself). */
const LIST = {
  underline: 'flex gap-1 overflow-x-auto border-b border-border',
  pills: 'inline-flex max-w-full gap-1 overflow-x-auto rounded-lg bg-gray-100 p-1',
};
const TRIGGER = {
  underline: cn(
    '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted hover:text-gray-900',
    'data-[state=active]:border-primary data-[state=active]:text-primary',
  ),
  pills: cn(
    'rounded-md px-3 py-1 text-sm font-medium whitespace-nowrap text-gray-700 hover:text-gray-900',
    'data-[state=active]:bg-white data-[state=active]:text-primary data-[state=active]:shadow-sm',
  ),
};

export const TAB_FOCUS = 'rounded-t-md outline-none focus:outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary';

export function Tabs({ variant = 'underline', value, onValueChange, items, children, className, ...aria }: TabsProps) {
  return (
    <TabsPrimitive.Root value={value} onValueChange={onValueChange} className={className}>
      <TabsPrimitive.List {...aria} className={LIST[variant]}>
        {items.map((item) => (
          <TabsPrimitive.Trigger
            key={item.value}
            value={item.value}
            // A ring for keyboard focus only, drawn inside the tab's rounded shape: a click leaves no box behind.
            className={cn(TRIGGER[variant], TAB_FOCUS)}
          >
            {item.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {children}
    </TabsPrimitive.Root>
  );
}

export function TabPanel({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  return (
    <TabsPrimitive.Content value={value} className={cn('pt-4 focus-visible:outline-none', className)}>
      {children}
    </TabsPrimitive.Content>
  );
}
