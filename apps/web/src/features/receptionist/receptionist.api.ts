import type { Call, CallOutcome } from '@fieldwork/domain/ai/receptionist.schemas';
import { api, type DataPage } from '../../lib/api-client';

export type CallListParams = { page: number; limit: number; search?: string; outcome?: CallOutcome; from?: string; to?: string };

export const callKeys = {
  all: ['receptionist', 'calls'] as const,
  list: ['receptionist', 'calls', 'list'] as const,
};

export const receptionistApi = {
  list: (params: CallListParams) => api.get<DataPage<Call>>('/receptionist/calls', { query: params }),
};
