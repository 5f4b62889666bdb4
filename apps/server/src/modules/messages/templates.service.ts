import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import {
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_TEMPLATE_KINDS,
  fillTemplate,
  headerSafe,
  TEMPLATE_PLACEHOLDERS,
  type EmailTemplate,
  type EmailTemplateKind,
} from '@fieldwork/domain/messages/messages.rules';
import { templateBodyFor, type EmailPreview, type EmailTemplateDto, type TemplateBody } from '@fieldwork/domain/messages/messages.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { companyBranding } from '../company/company-logo.service.ts';
import { renderEmail } from '../mail/email-layout.ts';
import { deleteTemplate, findTemplates, upsertTemplate } from './messages.repository.ts';

/** The company's own wording of a kind, or the product's default. */
export async function resolveTemplate(db: Db, tenantId: string, kind: EmailTemplateKind): Promise<EmailTemplate> {
  const own = (await findTemplates(db, tenantId)).find((t) => t.kind === kind);
  return own ? { subject: own.subject, message: own.message } : DEFAULT_EMAIL_TEMPLATES[kind];
}

export async function listTemplates(db: Db, tenantId: string): Promise<EmailTemplateDto[]> {
  const own = await findTemplates(db, tenantId);
  return EMAIL_TEMPLATE_KINDS.map((kind) => {
    const row = own.find((t) => t.kind === kind);
    const t = row ?? DEFAULT_EMAIL_TEMPLATES[kind];
    return {
      kind,
      subject: t.subject,
      message: t.message,
      isDefault: !row,
      placeholders: [...TEMPLATE_PLACEHOLDERS[kind]],
      updatedAt: row?.updated_at ?? null,
    };
  });
}

function validBody(kind: EmailTemplateKind, body: TemplateBody) {
  const parsed = templateBodyFor(kind).safeParse(body);
  if (!parsed.success)
    throw new AppError(
      'VALIDATION_FAILED',
      parsed.error.issues.map((i) => i.message),
    );
  return parsed.data;
}

export async function saveTemplate(db: Db, viewer: Viewer, kind: EmailTemplateKind, body: TemplateBody): Promise<EmailTemplateDto> {
  const valid = validBody(kind, body);
  await upsertTemplate(db, viewer.tenantId, { kind, subject: valid.subject, message: valid.message, updatedBy: viewer.userId, now: nowIso() });
  return (await listTemplates(db, viewer.tenantId)).find((t) => t.kind === kind)!;
}

export async function resetTemplate(db: Db, viewer: Viewer, kind: EmailTemplateKind): Promise<EmailTemplateDto> {
  await deleteTemplate(db, viewer.tenantId, kind);
  return (await listTemplates(db, viewer.tenantId)).find((t) => t.kind === kind)!;
}

/** Values the preview fills in, so the company sees its words as a customer would. */
const SAMPLE = {
  customerName: 'Jordan Rivera',
  documentNumber: 1042,
  total: '$1,250.00',
  balance: '$1,250.00',
  dueDate: 'Dec 31, 2026',
  amount: '$250.00',
  paidOn: 'Nov 26, 2026',
  inviteeEmail: 'new.tech@example.com',
  role: 'Technician',
  inviterName: 'Dana Admin',
} as const;

const BUTTONS = { invitation: 'Accept invitation', estimate: 'View estimate', invoice: 'View invoice', receipt: 'View invoice' } as const satisfies Record<
  EmailTemplateKind,
  string
>;

/** The email as it would go out with this (unsaved) wording: the same layout and filling as a real send. */
export async function previewTemplate(db: Db, tenantId: string, kind: EmailTemplateKind, body: TemplateBody): Promise<EmailPreview> {
  const valid = validBody(kind, body);
  const branding = await companyBranding(db, tenantId);
  const values = { ...SAMPLE, companyName: branding.name };
  const rendered = renderEmail({
    company: {
      name: branding.name,
      email: branding.email,
      phone: branding.phone,
      address: branding.address,
      brandColor: branding.brandColor,
      logoSrc: branding.logoUrl,
    },
    message: fillTemplate(valid.message, values),
    button: { label: BUTTONS[kind], url: 'https://example.com/preview' },
  });
  return { subject: headerSafe(fillTemplate(valid.subject, values)), ...rendered };
}

export const BUTTON_LABELS = BUTTONS;
