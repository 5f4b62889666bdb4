import { AlertTriangle, SearchX, ShieldOff } from 'lucide-react';
import { isApiError, messageOf } from '../lib/api-client';
import { Button } from './button';

/**
 * A failed load says what happened: a record that does not exist (or is another company's: the server answers
 * both alike) is "Not found" with the server's words, a refusal is "No access", and only failures a retry can
 * fix offer "Try again". `title` names the failure of anything else.
 */
export function ErrorState({ error, onRetry, title = 'Something went wrong' }: { error: unknown; onRetry?: () => void; title?: string }) {
  const status = isApiError(error) ? error.statusCode : null;
  const missing = status === 404;
  const refused = status === 403;
  const Icon = missing ? SearchX : refused ? ShieldOff : AlertTriangle;
  const heading = missing ? 'Not found' : refused ? 'No access' : title;
  return (
    <div role="alert" className="flex flex-col items-center gap-2 px-4 py-10 text-center">
      <Icon size={28} className={missing || refused ? 'text-muted' : 'text-danger'} aria-hidden="true" />
      <p className="text-sm font-medium text-gray-900">{heading}</p>
      <p className="max-w-md text-sm text-muted">{messageOf(error)}</p>
      {onRetry && !missing && !refused ? (
        <Button variant="secondary" size="sm" onClick={onRetry} className="mt-2">
          Try again
        </Button>
      ) : null}
    </div>
  );
}
