import { ShieldOff } from 'lucide-react';
import { FORBIDDEN_MESSAGES } from '@fieldwork/domain/access/roles.rules';
import { useGoBack } from '../lib/use-go-back';
import { Button } from './button';

/** The spec's no-permission text, the same words the server's 403 for a refused read carries. */
export const NO_ACCESS_TEXT = FORBIDDEN_MESSAGES.view;

export function NoAccessPanel() {
  const goBack = useGoBack();
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border border-border bg-white px-6 py-12 text-center">
      <ShieldOff size={32} className="text-gray-400" aria-hidden="true" />
      <p className="text-sm text-gray-900">{NO_ACCESS_TEXT}</p>
      <Button variant="secondary" onClick={goBack}>
        Go back
      </Button>
    </div>
  );
}
