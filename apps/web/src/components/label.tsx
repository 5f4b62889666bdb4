import type { LabelHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export function Label({ className, children, required, ...rest }: LabelHTMLAttributes<HTMLLabelElement> & { required?: boolean }) {
  const label = (
    <label className={cn('block text-sm font-medium text-gray-800', className)} {...rest}>
      {children}
    </label>
  );
  if (!required) return label;
  // The mark sits outside <label> so the control's accessible name stays exactly the label text.
  return (
    <div className="flex items-baseline gap-0.5">
      {label}
      <span className="text-danger" aria-hidden="true">
        *
      </span>
    </div>
  );
}
