import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { useCan } from '../../lib/auth-context';
import { useLiveRecordEvent } from '../../lib/use-live-event';
import { leadKeys, leadsApi } from './leads.api';

export const newLeadText = (leadNumber: number, customerName: string) => `New work request: lead #${leadNumber} from ${customerName}`;

/**
 * A customer asking for work in the portal reaches the office at once, on whatever page it is: on a
 * `lead.created` event the leads list refreshes and a toast names the lead, with the way to it. Only for
 * those who may read leads.
 */
export function useNewLeadsLive(): void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  useLiveRecordEvent(
    'lead.created',
    (leadId, stillOpen) => {
      void qc.invalidateQueries({ queryKey: leadKeys.all });
      leadsApi.get(leadId).then(
        (lead) => {
          if (stillOpen())
            toast.info(newLeadText(lead.leadNumber, lead.customer.name), { action: { label: 'View leads', onClick: () => void navigate({ to: '/leads' }) } });
        },
        () => undefined,
      );
    },
    useCan('leads.read'),
  );
}
