import type { Delivery, EmailPreview, EmailTemplateDto, MessageDetail, MessageDto, TemplateBody } from '@fieldwork/domain/messages/messages.schemas';
import type { EmailTemplateKind } from '@fieldwork/domain/messages/messages.rules';
import { api, type DataOf, type ItemsOf } from '../../lib/api-client';

export type MessageRef = { customerId?: string; jobId?: string; estimateId?: string; invoiceId?: string };

export const messageKeys = {
  all: ['messages'] as const,
  for: (ref: MessageRef) => ['messages', 'for', ref] as const,
  detail: (id: string) => ['messages', 'detail', id] as const,
  delivery: ['messages', 'delivery'] as const,
  templates: ['messages', 'templates'] as const,
};

export const messagesApi = {
  list: async (ref: MessageRef) => (await api.get<ItemsOf<MessageDto>>('/messages', { query: ref })).data.items,
  get: async (id: string) => (await api.get<DataOf<MessageDetail>>(`/messages/${id}`)).data,
  retry: async (id: string) => (await api.post<DataOf<MessageDto>>(`/messages/${id}/retry`)).data,
  delivery: async () => (await api.get<DataOf<Delivery>>('/delivery')).data,
  retryJob: (id: string) => api.post(`/delivery/jobs/${id}/retry`),
  templates: async () => (await api.get<ItemsOf<EmailTemplateDto>>('/email-templates')).data.items,
  saveTemplate: async (kind: EmailTemplateKind, body: TemplateBody) => (await api.put<DataOf<EmailTemplateDto>>(`/email-templates/${kind}`, body)).data,
  resetTemplate: async (kind: EmailTemplateKind) => (await api.delete<DataOf<EmailTemplateDto>>(`/email-templates/${kind}`)).data,
  /** A fresh link to confirm the company's address, emailed to its admin. */
  resendVerification: async () => (await api.post<DataOf<{ message: string }>>('/company/verification')).data.message,
  preview: async (kind: EmailTemplateKind, body: TemplateBody) => (await api.post<DataOf<EmailPreview>>(`/email-templates/${kind}/preview`, body)).data,
};
