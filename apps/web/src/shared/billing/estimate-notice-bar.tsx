import { useState } from 'react';
import { Info, X } from 'lucide-react';

export const ESTIMATE_NOTICE_TEXT =
  'Estimates still open after their due date show as Expired. Linking an estimate or invoice to a job is permanent: once linked, it cannot be unlinked.';

const DISMISSED_KEY = 'fieldwork.estimateNotice.dismissed';

/** sessionStorage may be unavailable (private modes, tests): the bar then simply shows again. */
function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The spec's estimate notice bar on the estimates and invoices pages; dismissed for the browser session. */
export function EstimateNoticeBar() {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Dismissal then lasts until the page reloads.
    }
    setDismissed(true);
  };
  return (
    <div
      role="note"
      aria-label="Estimate notice"
      className="mb-3 flex items-start gap-2 rounded-lg border border-primary/20 bg-primary-soft px-3 py-2 text-sm text-gray-900"
    >
      <Info size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-primary" />
      <p className="min-w-0 flex-1">{ESTIMATE_NOTICE_TEXT}</p>
      <button type="button" aria-label="Dismiss notice" onClick={dismiss} className="rounded p-0.5 text-gray-600 hover:bg-white hover:text-gray-900">
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
