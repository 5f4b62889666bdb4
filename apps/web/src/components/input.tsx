import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export const controlClass = (invalid?: boolean, className?: string) =>
  cn(
    'block w-full rounded-md border bg-white px-3 text-sm text-gray-900 shadow-sm placeholder:text-gray-500',
    'focus:outline-2 focus:outline-offset-0 focus:outline-primary disabled:bg-gray-100 disabled:text-gray-500',
    invalid ? 'border-danger' : 'border-border-strong',
    className,
  );

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean };

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ invalid, className, ...rest }, ref) {
  return <input ref={ref} aria-invalid={invalid || undefined} className={controlClass(invalid, cn('h-9', className))} {...rest} />;
});
