import { toast } from 'sonner';

export const UPDATE_PROMPT_TEXT = 'Update available — reload';

/** The toast offering a waiting release: it stays until the user reloads or dismisses it (the update then waits). */
export function showUpdatePrompt(apply: () => void): void {
  toast(UPDATE_PROMPT_TEXT, {
    id: 'app-update',
    duration: Number.POSITIVE_INFINITY,
    action: { label: 'Reload', onClick: apply },
  });
}
