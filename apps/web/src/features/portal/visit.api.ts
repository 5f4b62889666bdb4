/**
 * The customer's visit page calls: the visit link's token is the only credential and goes in a POST body, never
 * in a URL (URLs end up in server logs). No portal or staff session is involved, so a 401 can never happen here.
 */
import type { Visit } from '@fieldwork/domain/portal/visit.schemas';
import { API_BASE, ApiError, api, type DataOf } from '../../lib/api-client';

export const VISIT_REFRESH_MS = 30_000;

export const visitKeys = {
  visit: (token: string) => ['portal-visit', token] as const,
  photo: (token: string) => ['portal-visit', token, 'photo'] as const,
};

export const visitApi = {
  visit: async (token: string) => (await api.post<DataOf<Visit>>('/portal/visit', { token }, { skipAuthRedirect: true })).data,
  /** The technician's photo as a blob (an <img> cannot POST the token). */
  technicianPhoto: async (token: string): Promise<Blob> => {
    const response = await fetch(`${API_BASE}/portal/visit/technician-photo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
      credentials: 'omit',
    });
    if (!response.ok) throw new ApiError(response.status, 'NOT_FOUND', 'No photo.');
    return response.blob();
  },
};
