import { AlertTriangle } from 'lucide-react';
import { messageOf } from '../lib/api-client';
import { Button } from './button';

export function ErrorState({ error, onRetry, title = 'Something went wrong' }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 px-4 py-10 text-center">
      <AlertTriangle size={28} className="text-danger" aria-hidden="true" />
      <p className="text-sm font-medium text-gray-900">{title}</p>
      <p className="max-w-md text-sm text-muted">{messageOf(error)}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry} className="mt-2">
          Try again
        </Button>
      ) : null}
    </div>
  );
}
