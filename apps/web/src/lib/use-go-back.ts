import { useRouter } from '@tanstack/react-router';
import { backNavigation } from '@fieldwork/domain/common/navigation.rules';

/** Back only to a page of this app (same host); otherwise to the default target, never to another site. */
export function useGoBack(): () => void {
  const router = useRouter();
  return () => {
    const target = backNavigation(document.referrer, window.location.host);
    if (target === 'history') window.history.back();
    else void router.navigate({ to: target });
  };
}
