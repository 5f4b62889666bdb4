import { MESSAGE_STATE_LABELS, type MessageState } from '@fieldwork/domain/messages/messages.rules';
import { Badge, type BadgeTone } from '../../components/badge';

const TONES = { queued: 'neutral', sent: 'success', partly_sent: 'warning', failed: 'danger', not_sent: 'outline' } as const satisfies Record<
  MessageState,
  BadgeTone
>;

/** A message's or a recipient's delivery state, with the server's reason on hover when it failed. */
export function MessageStateBadge({ state, error }: { state: MessageState; error?: string | null }) {
  return (
    <Badge tone={TONES[state]} {...(error ? { title: error } : {})}>
      {MESSAGE_STATE_LABELS[state]}
    </Badge>
  );
}
