import { DEFAULT_ERROR_MESSAGE, errorText, type ErrorCode } from '@fieldwork/domain/common/errors.schemas';

export const API_BASE = '/api';

/** What a request that got no answer at all says (no network, server unreachable). */
export const NETWORK_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode | 'NETWORK';
  /** Field messages of a validation failure, or the single message. */
  readonly messages: string[];
  /** The error body as the server sent it (null for network failures), for screens with their own wording rules. */
  readonly body: unknown;

  constructor(statusCode: number, code: ErrorCode | 'NETWORK', message: string, messages?: string[], body: unknown = null) {
    super(message);
    this.body = body;
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.messages = messages ?? [message];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text to show for any thrown value, preferring what the server said. */
export function messageOf(error: unknown, fallback: string = DEFAULT_ERROR_MESSAGE.INTERNAL): string {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

type RequestOptions = {
  query?: Query;
  body?: unknown;
  /** The session probe and sign-in answer 401 as a normal outcome, not as "your session ended". */
  skipAuthRedirect?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key` on field actions (see lib/idempotency.ts). */
  headers?: Record<string, string>;
};

let onUnauthorized: (() => void) | null = null;

/** The app registers how to leave a dead session; kept as a hook so this module does not import the router. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }

  const payload = await parseBody(response);
  if (response.ok) return payload as T;

  const fallback = response.status === 401 ? DEFAULT_ERROR_MESSAGE.UNAUTHENTICATED : DEFAULT_ERROR_MESSAGE.INTERNAL;
  const code = (payload && typeof payload === 'object' && 'code' in payload ? String(payload.code) : 'INTERNAL') as ErrorCode;
  const raw = payload && typeof payload === 'object' && 'message' in payload ? payload.message : undefined;
  const messages = Array.isArray(raw) ? raw.map(String) : undefined;
  const error = new ApiError(response.status, code, errorText(payload, fallback), messages, payload);

  if (response.status === 401 && !options.skipAuthRedirect) onUnauthorized?.();
  throw error;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** Response envelopes of the API contract. */
export type DataOf<T> = { data: T };
/** `totalIsLowerBound`: the server stopped counting at a bound; there are at least `totalItems`, maybe more pages. */
export type Pagination = { totalItems: number; totalPages: number; currentPage: number; itemsPerPage: number; totalIsLowerBound?: boolean };
export type DataPage<T> = { data: T[]; pagination: Pagination };
export type ItemsOf<T> = { data: { items: T[] } };

/** Task-document list shape, used by the user and invitation lists. */
export type ItemsPage<T> = { items: T[]; meta: { total: number; totalPages: number; page: number; limit: number; totalIsLowerBound?: boolean } };

/** One list shape for the screens, whichever of the two contract shapes an endpoint answers with. */
export function fromItemsPage<T>(page: ItemsPage<T>): DataPage<T> {
  return {
    data: page.items,
    pagination: {
      totalItems: page.meta.total,
      totalPages: page.meta.totalPages,
      currentPage: page.meta.page,
      itemsPerPage: page.meta.limit,
      totalIsLowerBound: page.meta.totalIsLowerBound === true,
    },
  };
}
