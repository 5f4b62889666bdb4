import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ESTIMATE_STATUS_LABELS } from '@fieldwork/domain/billing/estimates.rules';
import { API_BASE } from '../../lib/api-client';
import { billingKeys, estimatesApi } from '../../features/billing/billing.api';
import { portalKeys } from '../../features/portal/portal.api';

export const customerAnsweredText = (statusLabel: string) => `The customer answered: ${statusLabel}`;

/**
 * While an estimate is open on a staff screen, a customer's answer in the portal shows at once: on the
 * `estimate.status` event for this estimate (GET /api/events) the page refetches it and says what the
 * customer answered. EventSource reconnects by itself after a drop-out.
 */
export function useEstimateAnswerLive(estimateId: string): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!estimateId || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE}/events`, { withCredentials: true });
    let closed = false;
    const onEvent = (e: MessageEvent<string>) => {
      let recordId: unknown;
      try {
        recordId = (JSON.parse(e.data) as { recordId?: unknown }).recordId;
      } catch {
        return;
      }
      if (recordId !== estimateId) return;
      void qc.invalidateQueries({ queryKey: portalKeys.links('estimate', estimateId) });
      void qc.invalidateQueries({ queryKey: billingKeys.estimates });
      qc.fetchQuery({ queryKey: billingKeys.estimate(estimateId), queryFn: () => estimatesApi.get(estimateId), staleTime: 0 }).then(
        (fresh) => {
          if (!closed) toast.info(customerAnsweredText(ESTIMATE_STATUS_LABELS[fresh.status]));
        },
        () => undefined,
      );
    };
    source.addEventListener('estimate.status', onEvent as EventListener);
    return () => {
      closed = true;
      source.close();
    };
  }, [qc, estimateId]);
}
