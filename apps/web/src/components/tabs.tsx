import type { ReactNode } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '../lib/cn';

export type TabItem = { value: string; label: ReactNode };

export type TabsProps = {
  value: string;
  onValueChange: (value: string) => void;
  items: readonly TabItem[];
  'aria-label': string;
  children?: ReactNode;
  className?: string;
};

/** Controlled tabs; put one <TabPanel> per item as children (or render the active panel yourself). */
export function Tabs({ value, onValueChange, items, children, className, ...aria }: TabsProps) {
  return (
    <TabsPrimitive.Root value={value} onValueChange={onValueChange} className={className}>
      <TabsPrimitive.List {...aria} className="flex gap-1 overflow-x-auto border-b border-border">
        {items.map((item) => (
          <TabsPrimitive.Trigger
            key={item.value}
            value={item.value}
            className={cn(
              '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted hover:text-gray-900',
              'data-[state=active]:border-primary data-[state=active]:text-primary',
              'focus-visible:outline-2 focus-visible:outline-primary',
            )}
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
