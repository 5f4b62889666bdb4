import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '@fieldwork/domain/common/errors.schemas';

/** Fastify's own client errors, mapped onto our codes so no framework text or 500 leaks out. */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
};

export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const messages = [...new Set(error.validation.map((v) => v.message ?? 'Invalid value.'))];
    return new AppError('VALIDATION_FAILED', messages);
  }
  const code = (error as FastifyError).code;
  const mapped = code ? FRAMEWORK_CODES[code] : undefined;
  if (mapped === 'VALIDATION_FAILED') return new AppError(mapped, ['The request body is not valid JSON.']);
  if (mapped) return new AppError(mapped);
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    if (status === 404) return new AppError('NOT_FOUND');
    if (status === 413) return new AppError('PAYLOAD_TOO_LARGE');
    if (status === 415) return new AppError('UNSUPPORTED_MEDIA');
    return new AppError('VALIDATION_FAILED', [error.message]);
  }
  return new AppError('INTERNAL');
}

export async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500 || isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'request failed');
    }
    void reply.headers(appError.headers).status(appError.statusCode).send(appError.toBody());
  });
}
