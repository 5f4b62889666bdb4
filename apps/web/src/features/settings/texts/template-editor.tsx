import { useRef } from 'react';
import {
  DEFAULT_TEXT_TEMPLATES,
  renderText,
  TEXT_KIND_POLICY,
  TEXT_PLACEHOLDERS,
  TEXT_SAMPLE_VALUES,
  TEXT_TEMPLATE_MAX,
  type TextTemplateKind,
} from '@fieldwork/domain/texts/text-templates.rules';
import { Button } from '../../../components/button';
import { FieldError } from '../../../components/field';
import { Label } from '../../../components/label';
import { Textarea } from '../../../components/textarea';
import { cn } from '../../../lib/cn';

/**
 * One text's wording: the placeholders it may use as chips that insert at the cursor, the length against the
 * limit, and a preview rendered by the same function the server sends with — so what is shown is what goes out.
 */
export function TemplateEditor({
  kind,
  value,
  onChange,
  error,
}: {
  kind: TextTemplateKind;
  value: string;
  onChange: (next: string) => void;
  error: string | undefined;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = `template-${kind}`;
  const isDefault = value === DEFAULT_TEXT_TEMPLATES[kind];

  const insert = (name: string) => {
    const el = ref.current;
    const token = `{${name}}`;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    // The caret lands after the inserted placeholder, ready for the next word.
    requestAnimationFrame(() => {
      if (!el) return;
      el.focus();
      el.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <div className="space-y-2 border-t border-border pt-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={id}>{TEXT_KIND_POLICY[kind].label}</Label>
        <Button variant="link" size="sm" disabled={isDefault} onClick={() => onChange(DEFAULT_TEXT_TEMPLATES[kind])}>
          Use the default wording
        </Button>
      </div>
      <Textarea
        id={id}
        ref={ref}
        rows={3}
        value={value}
        invalid={!!error}
        aria-describedby={`${id}-count ${id}-preview${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <ul aria-label={`Placeholders for ${TEXT_KIND_POLICY[kind].label}`} className="flex flex-wrap gap-1.5">
          {TEXT_PLACEHOLDERS[kind].map((name) => (
            <li key={name}>
              <button
                type="button"
                onClick={() => insert(name)}
                className="rounded-full border border-border-strong bg-gray-50 px-2 py-0.5 font-mono text-xs text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                aria-label={`Insert {${name}}`}
              >
                {`{${name}}`}
              </button>
            </li>
          ))}
        </ul>
        <span id={`${id}-count`} className={cn('text-xs tabular-nums', value.length > TEXT_TEMPLATE_MAX ? 'font-medium text-danger' : 'text-muted')}>
          {value.length} / {TEXT_TEMPLATE_MAX}
        </span>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <div id={`${id}-preview`} className="rounded-md bg-gray-50 px-3 py-2 text-sm">
        <p className="text-xs font-medium text-muted uppercase">Preview</p>
        <p data-testid={`preview-${kind}`} className="mt-1 break-words text-gray-900">
          {renderText(kind, { [kind]: value }, TEXT_SAMPLE_VALUES)}
        </p>
      </div>
    </div>
  );
}
