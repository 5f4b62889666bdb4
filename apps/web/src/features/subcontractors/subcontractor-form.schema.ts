import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { SUBCONTRACTOR_KINDS, createSubcontractorBody, updateSubcontractorBody, type Subcontractor } from '@fieldwork/domain/company/subcontractors.schemas';
import { REQUIRED_SELECT } from '../../lib/form-messages';

const kindField = z
  .string()
  .min(1, { error: REQUIRED_SELECT })
  .pipe(z.enum(SUBCONTRACTOR_KINDS, { error: 'Kind must be COMPANY or PERSON.' }));
const createForm = createSubcontractorBody.extend({ kind: kindField });
const updateForm = updateSubcontractorBody.extend({ kind: kindField });

export type SubcontractorFormValues = Omit<z.input<typeof createForm>, 'kind'> & { kind: string; isActive?: boolean; version?: number };
export type SubcontractorBody = z.output<typeof createForm> & { isActive?: boolean; version?: number };

export function newSubcontractorValues(): SubcontractorFormValues {
  return { name: '', kind: '', contactName: '', email: '', phone: '', tags: [], zones: [], userId: '' };
}

export function subcontractorToValues(s: Subcontractor): SubcontractorFormValues {
  return {
    name: s.name,
    kind: s.kind,
    contactName: s.contactName ?? '',
    email: s.email ?? '',
    phone: s.phone ?? '',
    tags: s.tags.map((t) => ({ id: t.id })),
    zones: s.zones.map((z) => ({ id: z.id })),
    userId: s.user?.userId ?? '',
    isActive: s.isActive,
    version: s.version,
  };
}

export function subcontractorResolver(mode: 'create' | 'edit'): Resolver<SubcontractorFormValues, unknown, SubcontractorBody> {
  return (mode === 'edit' ? zodResolver(updateForm) : zodResolver(createForm)) as unknown as Resolver<SubcontractorFormValues, unknown, SubcontractorBody>;
}
