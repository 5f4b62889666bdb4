import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LOGO_MAX_BYTES, type Company } from '@fieldwork/domain/company/company.schemas';
import { Button } from '../../../components/button';
import { FieldError } from '../../../components/field';
import { api, type DataOf } from '../../../lib/api-client';
import { refuseOversizedImage } from '../../../lib/image-check';

const LOGO_TYPES = ['image/png', 'image/jpeg'];

/** Checked here only to save a pointless upload; the server enforces the same limits. */
export async function logoProblem(file: File): Promise<string | null> {
  if (!LOGO_TYPES.includes(file.type)) return 'The logo must be a PNG or JPEG image.';
  if (file.size > LOGO_MAX_BYTES) return 'The logo must be 1 MB or smaller.';
  try {
    await refuseOversizedImage(file, 'logo');
  } catch (error) {
    return (error as Error).message;
  }
  return null;
}

/** The logo printed on estimates and invoices: upload, replace and remove, with a preview on white. */
export function CompanyLogo({ company, onChanged }: { company: Company; onChanged: (company: Company) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return (await api.put<DataOf<Company>>('/company/logo', body)).data;
    },
    onSuccess: (next) => (toast.success('Logo updated'), onChanged(next)),
    onError: (e) => setProblem(e.message),
  });
  const remove = useMutation({
    mutationFn: async () => (await api.delete<DataOf<Company>>('/company/logo')).data,
    onSuccess: (next) => (toast.success('Logo removed'), onChanged(next)),
    onError: (e) => setProblem(e.message),
  });

  const onPick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const issue = await logoProblem(file);
    setProblem(issue);
    if (!issue) upload.mutate(file);
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="flex h-16 w-48 items-center justify-center rounded-md border border-border bg-white p-2">
        {company.logoUrl ? (
          <img src={company.logoUrl} alt={`${company.name} logo`} className="max-h-full max-w-full object-contain" />
        ) : (
          <span className="text-xs text-muted">No logo</span>
        )}
      </div>
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={LOGO_TYPES.join(',')}
            className="sr-only"
            aria-label="Upload logo"
            onChange={(e) => void onPick(e.target.files?.[0])}
          />
          <Button variant="secondary" size="sm" loading={upload.isPending} onClick={() => input.current?.click()}>
            {company.logoUrl ? 'Change logo' : 'Upload logo'}
          </Button>
          {company.logoUrl ? (
            <Button variant="ghost" size="sm" loading={remove.isPending} onClick={() => remove.mutate()}>
              Remove logo
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted">PNG or JPEG, up to 1 MB. Printed on your estimates and invoices.</p>
        <FieldError message={problem ?? undefined} />
      </div>
    </div>
  );
}
