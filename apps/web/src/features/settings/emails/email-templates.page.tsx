import { useQuery } from '@tanstack/react-query';
import { EMAIL_KIND_LABELS } from '@fieldwork/domain/messages/messages.rules';
import { Card } from '../../../components/card';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { SkeletonForm } from '../../../components/skeleton';
import { messageKeys, messagesApi } from '../../messages/messages.api';
import { TemplateEditor } from './template-editor';

/** Settings → Emails: the company's own wording of each email its customers and new team members receive. */
export function EmailTemplatesPage() {
  const templates = useQuery({ queryKey: messageKeys.templates, queryFn: messagesApi.templates });
  return (
    <>
      <PageHeader title="Emails" description="The subject and message of each email. Placeholders in braces are filled in when it is sent." />
      {templates.isLoading ? (
        <Card>
          <SkeletonForm fields={3} />
        </Card>
      ) : templates.error || !templates.data ? (
        <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />
      ) : (
        <div className="space-y-4">
          {templates.data.map((t) => (
            <Card key={t.kind} title={`${EMAIL_KIND_LABELS[t.kind]}${t.isDefault ? '' : ' (your wording)'}`}>
              <TemplateEditor template={t} />
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
