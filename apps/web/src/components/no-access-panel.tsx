import { ShieldOff } from 'lucide-react';
import { useGoBack } from '../lib/use-go-back';
import { Button } from './button';

export const NO_ACCESS_TEXT = "You don't have permission to view this. Please contact your admin.";

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
