export const DEFAULT_BACK_TARGET = '/dashboard';

/** Spec: go back only when the referrer has the same host; otherwise go to the default target. */
export function backNavigation(referrer: string | null | undefined, currentHost: string): 'history' | string {
  if (!referrer) return DEFAULT_BACK_TARGET;
  try {
    return new URL(referrer).host === currentHost ? 'history' : DEFAULT_BACK_TARGET;
  } catch {
    return DEFAULT_BACK_TARGET;
  }
}
