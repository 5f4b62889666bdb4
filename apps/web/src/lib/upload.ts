import { DEFAULT_ERROR_MESSAGE, errorText, type ErrorCode } from '@fieldwork/domain/common/errors.schemas';
import { ApiError, buildUrl, type Query } from './api-client';

export type UploadOptions = {
  query?: Query;
  /** Multipart field name of the file. */
  field?: string;
  /** Fraction sent so far, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * Sends one file as multipart form data. XMLHttpRequest rather than fetch, because only XHR reports
 * upload progress. Failures become the same ApiError the JSON client throws.
 */
export function uploadFile<T>(path: string, file: File, { query, field = 'file', onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, query));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        payload = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(payload as T);
        return;
      }
      const code = (payload && typeof payload === 'object' && 'code' in payload ? String(payload.code) : 'INTERNAL') as ErrorCode;
      const raw = payload && typeof payload === 'object' && 'message' in payload ? payload.message : undefined;
      const fallback = DEFAULT_ERROR_MESSAGE[code] ?? DEFAULT_ERROR_MESSAGE.INTERNAL;
      reject(new ApiError(xhr.status, code, errorText(payload, fallback), Array.isArray(raw) ? raw.map(String) : undefined));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Cannot reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append(field, file, file.name);
    xhr.send(body);
  });
}
