import { useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { cn } from '../lib/cn';
import { SEARCH_DEBOUNCE_MS } from '../lib/use-debounced-value';
import { controlClass } from './input';

export type SearchInputProps = {
  value: string;
  /** Called 300 ms after the last keystroke, so a list is not refetched per character. */
  onChange: (value: string) => void;
  placeholder?: string;
  'aria-label': string;
  className?: string;
  delay?: number;
};

export function SearchInput({ value, onChange, placeholder = 'Search…', className, delay = SEARCH_DEBOUNCE_MS, ...aria }: SearchInputProps) {
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text), delay);
    return () => clearTimeout(timer);
  }, [text, value, delay]);

  return (
    <div className={cn('relative w-full sm:w-64', className)}>
      <Search size={16} aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-gray-500" />
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        className={controlClass(false, 'h-9 pl-8')}
        {...aria}
      />
    </div>
  );
}
