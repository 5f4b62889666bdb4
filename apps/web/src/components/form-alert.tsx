import { isApiError, messageOf } from '../lib/api-client';

/** Shows a failed submit: every field message of a validation failure, otherwise the server message. */
export function FormAlert({ error }: { error: unknown }) {
  if (!error) return null;
  const messages = isApiError(error) && error.messages.length > 1 ? error.messages : [messageOf(error)];
  return (
    <div role="alert" className="rounded-md border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger-hover">
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul className="list-disc space-y-0.5 pl-4">
          {messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
