import { BID_STATUS_LABELS, type BidStatus } from '@fieldwork/domain/tasks/bids.schemas';
import { Badge, type BadgeTone } from '../../components/badge';

const TONES = { REQUESTED: 'warning', SUBMITTED: 'primary', DECLINED: 'danger', AWARDED: 'success', CLOSED: 'neutral' } as const satisfies Record<
  BidStatus,
  BadgeTone
>;

/** The bid's status in words, coloured by where it stands. */
export function BidStatusBadge({ status }: { status: BidStatus }) {
  return <Badge tone={TONES[status]}>{BID_STATUS_LABELS[status]}</Badge>;
}
