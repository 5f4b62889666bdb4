import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from './button';

export const COPY_CONFIRMATION_MS = 2000;

export type CopyButtonProps = Omit<ButtonProps, 'onClick' | 'children'> & {
  value: string;
  label?: string;
  copiedLabel?: string;
};

export function CopyButton({ value, label = 'Copy', copiedLabel = 'Copied', variant = 'secondary', size = 'sm', ...rest }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    } catch {
      toast.error('Failed to copy');
    }
  };

  return (
    <Button variant={variant} size={size} onClick={copy} aria-label={label} {...rest}>
      {copied ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}
