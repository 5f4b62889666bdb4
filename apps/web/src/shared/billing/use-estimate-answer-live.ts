import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ESTIMATE_STATUS_LABELS } from '@fieldwork/domain/billing/estimates.rules';
import { useLiveRecordEvent } from '../../lib/use-live-event';
import { billingKeys, estimatesApi } from '../../features/billing/billing.api';
import { portalKeys } from '../../features/portal/portal.api';

export const customerAnsweredText = (statusLabel: string) => `The customer answered: ${statusLabel}`;

/**
 * While an estimate is open on a staff screen, a customer's answer in the portal shows at once: on the
 * `estimate.status` event for this estimate the page refetches it and says what the customer answered.
 */
export function useEstimateAnswerLive(estimateId: string): void {
  const qc = useQueryClient();
  useLiveRecordEvent(
    'estimate.status',
    (recordId, stillOpen) => {
      if (recordId !== estimateId) return;
      void qc.invalidateQueries({ queryKey: portalKeys.links('estimate', estimateId) });
      void qc.invalidateQueries({ queryKey: billingKeys.estimates });
      qc.fetchQuery({ queryKey: billingKeys.estimate(estimateId), queryFn: () => estimatesApi.get(estimateId), staleTime: 0 }).then(
        (fresh) => {
          if (stillOpen()) toast.info(customerAnsweredText(ESTIMATE_STATUS_LABELS[fresh.status]));
        },
        () => undefined,
      );
    },
    !!estimateId,
  );
}
