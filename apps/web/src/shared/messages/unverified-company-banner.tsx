import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { toast } from 'sonner';
import { MESSAGE_MESSAGES } from '@fieldwork/domain/messages/messages.rules';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { messageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { messagesApi } from '../../features/messages/messages.api';

/**
 * Until its admin confirms the company's address, the company cannot email customers: say why, and let an admin
 * have the link sent again (others are told to ask one).
 */
export function UnverifiedCompanyBanner() {
  const auth = useAuth();
  const resend = useMutation({
    mutationFn: messagesApi.resendVerification,
    onSuccess: (message) => toast.success(message),
    onError: (error) => toast.error(messageOf(error)),
  });
  const admin = auth.can('settings.manage');
  return (
    <Banner
      tone="warning"
      icon={<MailWarning size={18} aria-hidden="true" />}
      title="Emails to customers are off until your company's address is confirmed"
      action={
        admin ? (
          <Button variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
            Send the link again
          </Button>
        ) : null
      }
    >
      {admin ? MESSAGE_MESSAGES.unverified : 'Ask your admin to open the confirmation link sent to their address.'}
    </Banner>
  );
}
