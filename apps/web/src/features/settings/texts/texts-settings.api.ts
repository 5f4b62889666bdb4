import type { TextMessage, TextSettings, TextSettingsBody } from '@fieldwork/domain/texts/texts.schemas';
import { api, type DataOf } from '../../../lib/api-client';

export const textSettingsKey = ['company', 'texts'] as const;
export const textMessagesKey = ['company', 'texts', 'messages'] as const;

export const textSettingsApi = {
  get: async () => (await api.get<DataOf<TextSettings>>('/company/texts')).data,
  save: async (body: TextSettingsBody) => (await api.put<DataOf<TextSettings>>('/company/texts', body)).data,
  disconnect: () => api.delete<void>('/company/texts'),
  messages: async () => (await api.get<DataOf<TextMessage[]>>('/company/texts/messages')).data,
  test: async (to: string) => (await api.post<DataOf<Pick<TextMessage, 'id' | 'status'>>>('/company/texts/test', { to })).data,
};
