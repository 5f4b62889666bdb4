import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { TextPreferences } from '@fieldwork/domain/texts/text-preferences.schemas';
import { DEFAULT_TEXT_TEMPLATES, TEXT_TEMPLATE_KINDS, templateProblem, type TextTemplateKind } from '@fieldwork/domain/texts/text-templates.rules';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormAlert } from '../../../components/form-alert';
import { bodyOf, fieldErrorsOf, textPreferencesApi, textPreferencesKey } from './text-preferences.api';
import { TemplateEditor } from './template-editor';

export const TEXT_WORDING_SAVED = 'Wording saved.';

type Drafts = Record<TextTemplateKind, string>;

/**
 * "Wording": the company's words for each customer text. A wording left as the product's is sent as null, so
 * the company keeps following the product's wording rather than a frozen copy of it.
 */
export function WordingCard({ prefs }: { prefs: TextPreferences }) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Drafts>(() => ({ ...prefs.templates }));
  const [touched, setTouched] = useState<Partial<Record<TextTemplateKind, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const save = useMutation({
    mutationFn: textPreferencesApi.save,
    onSuccess: (next) => {
      queryClient.setQueryData(textPreferencesKey, next);
      toast.success(TEXT_WORDING_SAVED);
    },
  });
  const serverErrors = fieldErrorsOf(save.error);
  const errorOf = (kind: TextTemplateKind) =>
    touched[kind] || submitted ? (templateProblem(kind, drafts[kind]) ?? serverErrors[`templates.${kind}`]) : serverErrors[`templates.${kind}`];

  const submit = () => {
    setSubmitted(true);
    if (TEXT_TEMPLATE_KINDS.some((kind) => templateProblem(kind, drafts[kind]))) return;
    const templates = Object.fromEntries(TEXT_TEMPLATE_KINDS.map((kind) => [kind, drafts[kind] === DEFAULT_TEXT_TEMPLATES[kind] ? null : drafts[kind]]));
    save.mutate({ ...bodyOf(prefs), templates });
  };

  return (
    <Card title="Wording">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p className="text-sm text-muted">
          Click a placeholder to insert it where the cursor is. The preview shows the text as a customer receives it, with sample details.
        </p>
        {TEXT_TEMPLATE_KINDS.map((kind) => (
          <TemplateEditor
            key={kind}
            kind={kind}
            value={drafts[kind]}
            error={errorOf(kind)}
            onChange={(next) => {
              setDrafts((d) => ({ ...d, [kind]: next }));
              setTouched((t) => ({ ...t, [kind]: true }));
            }}
          />
        ))}
        {save.error && !Object.keys(serverErrors).length ? <FormAlert error={save.error} /> : null}
        <Button type="submit" loading={save.isPending}>
          Save wording
        </Button>
      </form>
    </Card>
  );
}
