/** Every error the API can answer with. One code -> one HTTP status, exhaustively. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVITATION_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  LINK_UNUSABLE: 410,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  STALE_VERSION: 409,
  SCHEDULE_CONFLICT: 409,
  SETUP_ALREADY_DONE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  IDEMPOTENCY_MISMATCH: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const DEFAULT_ERROR_MESSAGE = {
  VALIDATION_FAILED: 'The request is not valid.',
  INVITATION_INVALID: 'This invitation link is invalid or has expired.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  INVALID_CREDENTIALS: 'Invalid email or password.',
  FORBIDDEN: "You don't have permission to view this. Please contact your admin.",
  CSRF_REJECTED: 'Cross-site request refused.',
  NOT_FOUND: 'Not found.',
  METHOD_NOT_ALLOWED: 'Method not allowed.',
  LINK_UNUSABLE: 'This link has expired or was withdrawn. Enter your email address and we will send you a fresh one.',
  CONFLICT: 'This change conflicts with the current state.',
  EMAIL_TAKEN: 'A user with this email already exists.',
  STALE_VERSION: 'This record was changed by someone else. Reload and try again.',
  SCHEDULE_CONFLICT: 'Unable to update schedule. This user has a conflicting schedule.',
  SETUP_ALREADY_DONE: 'Fieldwork is already set up. Please sign in.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA: 'This file type is not supported.',
  IDEMPOTENCY_MISMATCH: 'This Idempotency-Key was already used for a different request. Send a new key for a new action.',
  RATE_LIMITED: 'Too many attempts. Please try again later.',
  INTERNAL: 'Something went wrong! Please try again',
  UPSTREAM_FAILED: 'The writing assistant is unavailable. Please try again.',
  UNAVAILABLE: 'This is unavailable for a moment. Please try again.',
} as const satisfies Record<ErrorCode, string>;

export type ApiErrorBody = {
  statusCode: number;
  code: ErrorCode;
  message: string | string[];
  /** Machine-readable facts about the refusal, e.g. the clashing task's number on SCHEDULE_CONFLICT. */
  details?: Record<string, string | number | null>;
};

export type AppErrorOptions = { headers?: Record<string, string>; details?: ApiErrorBody['details'] };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly messages: string | string[];
  readonly headers: Record<string, string>;
  readonly details: ApiErrorBody['details'];

  /** message: the code's default when omitted; headers: e.g. Retry-After; details: machine-readable facts for the client. */
  constructor(code: ErrorCode, message?: string | string[], options: AppErrorOptions = {}) {
    const text = message ?? DEFAULT_ERROR_MESSAGE[code];
    super(Array.isArray(text) ? text.join(' ') : text);
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.messages = text;
    this.headers = options.headers ?? {};
    this.details = options.details;
  }

  toBody(): ApiErrorBody {
    return { statusCode: this.statusCode, code: this.code, message: this.messages, ...(this.details ? { details: this.details } : {}) };
  }
}

/** The text to show for an API error body, whatever shape the message took. */
export function errorText(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (Array.isArray(message)) return message.join(' ');
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
