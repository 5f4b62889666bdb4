import type { PaymentSettings, PaymentSettingsBody } from '@fieldwork/domain/payments/payments.schemas';
import { api, type DataOf } from '../../../lib/api-client';

export const paymentSettingsKey = ['company', 'payments'] as const;

export const paymentSettingsApi = {
  get: async () => (await api.get<DataOf<PaymentSettings>>('/company/payments')).data,
  save: async (body: PaymentSettingsBody) => (await api.put<DataOf<PaymentSettings>>('/company/payments', body)).data,
  disconnect: () => api.delete<void>('/company/payments'),
};
