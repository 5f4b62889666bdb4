import type { LabelHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export function Label({ className, children, required, ...rest }: LabelHTMLAttributes<HTMLLabelElement> & { required?: boolean }) {
  return (
    <label className={cn('block text-sm font-medium text-gray-800', className)} {...rest}>
      {children}
      {required ? (
        <span className="ml-0.5 text-danger" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
}
