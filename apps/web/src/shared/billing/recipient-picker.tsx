import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import type { DraftRecipient } from '@fieldwork/domain/messages/messages.schemas';
import { sendEmailBlock } from '@fieldwork/domain/messages/messages.schemas';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Input } from '../../components/input';

/** The domain's own check of one To address, so the words match the server's ("To: "x" is not a valid email address."). */
export function addressProblem(address: string): string | null {
  const parsed = sendEmailBlock.shape.to.safeParse([address]);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Not a valid email address.');
}

export type Recipients = { checked: string[]; typed: string[] };

/**
 * To: the customer's contacts with an address as checkboxes (billing contact first), and any address typed in,
 * each checked as it is added so a typo is named at once rather than on Send.
 */
export function RecipientPicker({ suggestions, value, onChange }: { suggestions: DraftRecipient[]; value: Recipients; onChange: (next: Recipients) => void }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const known = new Set([...suggestions.map((s) => s.email), ...value.typed]);

  const add = () => {
    const address = text.trim().toLowerCase();
    if (!address) return;
    const found = addressProblem(address);
    setProblem(found);
    if (found) return;
    if (!known.has(address)) onChange({ ...value, typed: [...value.typed, address] });
    else if (!value.checked.includes(address) && suggestions.some((s) => s.email === address)) onChange({ ...value, checked: [...value.checked, address] });
    setText('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    }
  };
  const toggle = (email: string, on: boolean) => onChange({ ...value, checked: on ? [...value.checked, email] : value.checked.filter((e) => e !== email) });

  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-gray-900">To</legend>
      {suggestions.length === 0 ? <p className="text-sm text-muted">This customer has no contact with an email address: type one below.</p> : null}
      <ul className="space-y-1.5">
        {suggestions.map((s) => {
          const id = `${inputId}-${s.email}`;
          return (
            <li key={s.email} className="flex items-start gap-2">
              <Checkbox id={id} checked={value.checked.includes(s.email)} onCheckedChange={(on) => toggle(s.email, on)} className="mt-0.5" />
              <label htmlFor={id} className="min-w-0 text-sm">
                <span className="font-medium text-gray-900">{s.name}</span> <span className="break-all text-gray-700">&lt;{s.email}&gt;</span>
                <span className="block text-xs text-muted">{s.role}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {value.typed.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Typed addresses">
          {value.typed.map((address) => (
            <li key={address} className="flex max-w-full items-center gap-1 rounded-full bg-gray-100 py-0.5 pr-1 pl-2.5 text-sm">
              <span className="truncate">{address}</span>
              <button
                type="button"
                aria-label={`Remove ${address}`}
                className="rounded-full p-0.5 hover:bg-gray-200"
                onClick={() => onChange({ ...value, typed: value.typed.filter((a) => a !== address) })}
              >
                <X size={12} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Add an address
        </label>
        <Input
          id={inputId}
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="Add an address"
          value={text}
          invalid={!!problem}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKey}
          onBlur={() => text.trim() && add()}
        />
        <Button variant="secondary" onClick={add}>
          Add
        </Button>
      </div>
      {problem ? (
        <p id={`${inputId}-problem`} role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
