import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe: session ids, invitation and API token secrets. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as hashes, so a database leak does not leak live sessions. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
