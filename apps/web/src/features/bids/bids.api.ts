import type { AnswerBidBody, Bid, BidStatus } from '@fieldwork/domain/tasks/bids.schemas';
import { api, type DataOf, type ItemsPage } from '../../lib/api-client';

export const bidKeys = {
  /** Everything bid-shaped; the task's own bids live under ['tasks', …] so task invalidations refresh them too. */
  all: ['bids'] as const,
  list: (params: { page: number; status?: BidStatus }) => ['bids', 'list', params] as const,
  ofTask: (taskId: string) => ['tasks', 'bids', taskId] as const,
};

export const bidsApi = {
  /** GET /bids: a subcontractor login's own requests (the office: all), newest first. */
  list: async (params: { page: number; limit: number; status?: BidStatus; taskId?: string }) =>
    (await api.get<DataOf<ItemsPage<Bid>>>('/bids', { query: params })).data,
  /** GET /tasks/{id}/bids: the task's bids with each subcontractor's answer (office readers). */
  ofTask: async (taskId: string) => (await api.get<DataOf<Bid[]>>(`/tasks/${taskId}/bids`)).data,
  /** The answer form sends dollars (the server turns them into cents). */
  answer: async (id: string, body: AnswerBidBody) => (await api.post<DataOf<Bid>>(`/bids/${id}/answer`, body)).data,
  decline: async (id: string, note?: string) => (await api.post<DataOf<Bid>>(`/bids/${id}/decline`, note ? { note } : {})).data,
  award: async (id: string) => (await api.post<DataOf<Bid>>(`/bids/${id}/award`, {})).data,
  /** POST /tasks/{id}/bids/close: closes every still-open request of the task. */
  close: async (taskId: string) => (await api.post<DataOf<Bid[]>>(`/tasks/${taskId}/bids/close`, {})).data,
};

export const BID_TOASTS = {
  requested: 'Bid requests sent',
  awarded: 'Bid awarded',
  closed: 'Bid requests closed',
  submitted: 'Bid submitted',
  declined: 'Bid request declined',
} as const;
