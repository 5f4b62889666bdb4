import { Ban } from 'lucide-react';
import { useGoBack } from '../lib/use-go-back';
import { Button } from './button';

export function PageUnavailable({ message }: { message: string }) {
  const goBack = useGoBack();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border border-border bg-white px-6 py-12 text-center">
      <Ban size={32} className="text-gray-400" aria-hidden="true" />
      <h1 className="text-lg font-semibold text-gray-900">Page unavailable</h1>
      <p className="text-sm text-muted">{message}</p>
      <Button variant="secondary" onClick={goBack}>
        Go back
      </Button>
    </div>
  );
}
