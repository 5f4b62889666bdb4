import { useQuery } from '@tanstack/react-query';
import { MessageSquareOff } from 'lucide-react';
import { Badge } from '../../components/badge';
import { Tooltip } from '../../components/tooltip';
import { customerKeys, customersApi } from '../../features/customers/customers.api';
import { formatDate } from '../../lib/format';

/** What the office must know before it texts this person: they replied STOP, and how that ends. */
export function textsOffExplanation(since: string, timeZone: string): string {
  return `Replied STOP on ${formatDate(since, timeZone)} — texts resume if they reply START. Emails still go.`;
}

/** A contact whose mobile number replied STOP: no text reaches it until it replies START. */
export function TextsOffBadge({ textsOff, timeZone }: { textsOff: { since: string } | null; timeZone: string }) {
  if (!textsOff) return null;
  const explanation = textsOffExplanation(textsOff.since, timeZone);
  return (
    <Tooltip content={explanation}>
      <span aria-label={`Texts off. ${explanation}`}>
        <Badge tone="warning">
          <MessageSquareOff size={12} aria-hidden="true" className="mr-1" />
          Texts off
        </Badge>
      </span>
    </Tooltip>
  );
}

/**
 * The same badge for a contact shown on another record (a job's site contact): read from the customer, whose
 * answer is shared with the customer page's cache.
 */
export function ContactTextsOffBadge({ customerId, contactId, timeZone }: { customerId: string; contactId: string; timeZone: string }) {
  const customer = useQuery({ queryKey: customerKeys.detail(customerId), queryFn: () => customersApi.get(customerId) });
  const contact = customer.data?.contacts.find((c) => c.id === contactId);
  return <TextsOffBadge textsOff={contact?.textsOff ?? null} timeZone={timeZone} />;
}
