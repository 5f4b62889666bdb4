import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { API_BASE } from '../../lib/api-client';
import { useCan } from '../../lib/auth-context';
import { leadKeys, leadsApi } from './leads.api';

export const newLeadText = (leadNumber: number, customerName: string) => `New work request: lead #${leadNumber} from ${customerName}`;

/**
 * A customer asking for work in the portal reaches the office at once, on whatever page it is: on a
 * `lead.created` event (GET /api/events) the leads list refreshes and a toast names the lead, with the way to it.
 * Only for those who may read leads; EventSource reconnects by itself after a drop-out.
 */
export function useNewLeadsLive(): void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const canRead = useCan('leads.read');
  useEffect(() => {
    if (!canRead || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE}/events`, { withCredentials: true });
    let closed = false;
    const onEvent = (e: MessageEvent<string>) => {
      let recordId: unknown;
      try {
        recordId = (JSON.parse(e.data) as { recordId?: unknown }).recordId;
      } catch {
        return;
      }
      if (typeof recordId !== 'string') return;
      void qc.invalidateQueries({ queryKey: leadKeys.all });
      leadsApi.get(recordId).then(
        (lead) => {
          if (closed) return;
          toast.info(newLeadText(lead.leadNumber, lead.customer.name), { action: { label: 'View leads', onClick: () => void navigate({ to: '/leads' }) } });
        },
        () => undefined,
      );
    };
    source.addEventListener('lead.created', onEvent as EventListener);
    return () => {
      closed = true;
      source.close();
    };
  }, [qc, navigate, canRead]);
}
