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

export function EstimateStatusBadge({ status }: { status: EstimateStatus }) {
  return <Badge tone={TONES[ESTIMATE_BADGES[status]]}>{ESTIMATE_STATUS_LABELS[status]}</Badge>;
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={TONES[INVOICE_BADGES[status]]}>{INVOICE_STATUS_LABELS[status]}</Badge>;
}
