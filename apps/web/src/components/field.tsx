import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Label } from './label';

export type ControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  invalid: boolean;
};

export type FieldProps = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  id?: string;
  /**
   * One form control, which receives the id, invalid flag and aria-describedby that tie it to the label
   * and error; or a function given those props, for controls wrapped in a react-hook-form Controller.
   */
  children: ReactElement<Partial<ControlProps>> | ((control: ControlProps) => ReactNode);
};

export function Field({ label, error, hint, required, className, id: idProp, children }: FieldProps) {
  const autoId = useId();
  const childId = typeof children !== 'function' && isValidElement(children) ? children.props.id : undefined;
  const id = idProp ?? childId ?? autoId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = { id, 'aria-describedby': describedBy, invalid: Boolean(error), ...(required ? { 'aria-required': true } : {}) };
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {typeof children === 'function' ? children(control) : cloneElement(children, control)}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs font-medium text-danger">
      {message}
    </p>
  );
}
