import { ESTIMATE_BADGES, ESTIMATE_STATUS_LABELS, type BadgeStyle, type EstimateStatus } from '@fieldwork/domain/billing/estimates.rules';
import { INVOICE_BADGES, INVOICE_STATUS_LABELS, type InvoiceStatus } from '@fieldwork/domain/billing/invoices.rules';
import { Badge, type BadgeTone } from '../../components/badge';

/** The spec's badge styles (packages/domain) in this app's badge tones. */
const TONES = {
  success: 'success',
  warning: 'warning',
  destructive: 'danger',
  outline: 'outline',
  brand: 'primary',
  default: 'neutral',
} as const satisfies Record<BadgeStyle, BadgeTone>;

/** `label` is the server's wording when it names a status differently for its reader (the customer portal). */
export function EstimateStatusBadge({ status, label }: { status: EstimateStatus; label?: string }) {
  return <Badge tone={TONES[ESTIMATE_BADGES[status]]}>{label ?? ESTIMATE_STATUS_LABELS[status]}</Badge>;
}

export function InvoiceStatusBadge({ status, label }: { status: InvoiceStatus; label?: string }) {
  return <Badge tone={TONES[INVOICE_BADGES[status]]}>{label ?? INVOICE_STATUS_LABELS[status]}</Badge>;
}
