import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Sparkles, WandSparkles } from 'lucide-react';
import { toast } from 'sonner';
import { AI_FAILURE_TITLE } from '@fieldwork/domain/ai/ai-text.schemas';
import { Button } from '../../components/button';
import { isApiError } from '../../lib/api-client';
import { jobsApi, type AiRequestType, type AiTextRequest } from './jobs.api';

export const DESCRIPTION_REQUIRED = 'Description is required!';
export const OFFLINE_WRITER_NOTE = 'Written by the offline writer';

export type JobAiDescriptionProps = {
  description: string;
  /** What the writer knows about the job when a button is pressed. */
  context: () => AiTextRequest['inputData'];
  onWritten: (description: string) => void;
};

/** "Generate with AI" writes a description from the job's details; "Improve with AI" rewrites the current one. */
export function JobAiDescription({ description, context, onWritten }: JobAiDescriptionProps) {
  const hintId = useId();
  const [offline, setOffline] = useState(false);
  const write = useMutation({
    mutationFn: (requestType: AiRequestType) => jobsApi.aiDescription({ requestType, currentDescription: description, inputData: context() }),
    onSuccess: (result) => {
      onWritten(result.description);
      setOffline(result.provider === 'offline');
    },
    onError: (error, requestType) => {
      const message = isApiError(error) && error.message ? error.message : 'Something went wrong';
      toast.error(AI_FAILURE_TITLE[requestType], { description: message });
    },
  });
  const empty = !description.trim();
  const pending = write.isPending ? write.variables : undefined;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onClick={() => write.mutate('Generate')} loading={pending === 'Generate'} disabled={write.isPending}>
        {pending === 'Generate' ? null : <Sparkles size={14} aria-hidden="true" />}
        Generate with AI
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => write.mutate('Improvise')}
        loading={pending === 'Improvise'}
        disabled={empty || write.isPending}
        aria-describedby={empty ? hintId : undefined}
        title={empty ? DESCRIPTION_REQUIRED : undefined}
      >
        {pending === 'Improvise' ? null : <WandSparkles size={14} aria-hidden="true" />}
        Improve with AI
      </Button>
      {empty ? (
        <span id={hintId} className="text-xs text-muted">
          {DESCRIPTION_REQUIRED}
        </span>
      ) : null}
      {offline && !write.isPending ? (
        <span role="status" className="text-xs text-muted">
          {OFFLINE_WRITER_NOTE}
        </span>
      ) : null}
    </div>
  );
}
