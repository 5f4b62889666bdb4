import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets the server must read back (a company's payment and SMS credentials, a one-time link waiting in the
 * outbox) are stored encrypted with AES-256-GCM under the server key: a copy of the database alone does not
 * reveal them. The key is SECRET_KEY (any string of at least 32 characters; it is hashed to 32 bytes) or, when
 * unset, a random key written once to DATA_DIR/secret.key with 0600 permissions. SECRET_KEY_PREVIOUS still
 * decrypts during a key rotation; everything is written with the current key.
 */
export type SecretBox = { seal: (plaintext: string) => string; open: (sealed: string) => string };

const VERSION = 'v1';
const keyFrom = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

export class SecretKeyError extends Error {}

/** The server key: SECRET_KEY, else the key file in dataDir (created on first use). */
export function loadServerKeys(env: { secretKey?: string | undefined; previousSecretKey?: string | undefined; dataDir: string }): {
  current: Buffer;
  previous: Buffer | null;
} {
  const check = (name: string, value: string) => {
    if (value.length < 32) throw new SecretKeyError(`${name} must be at least 32 characters (for example: openssl rand -base64 32).`);
    return keyFrom(value);
  };
  const previous = env.previousSecretKey ? check('SECRET_KEY_PREVIOUS', env.previousSecretKey) : null;
  if (env.secretKey) return { current: check('SECRET_KEY', env.secretKey), previous };
  const file = join(env.dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(env.dataDir, { recursive: true });
    // Several processes may start at once on one DATA_DIR. Each writes a whole candidate key to a file of its
    // own and links it into place; a link never replaces an existing name, so exactly one key wins, complete,
    // and every process reads that one (writing the key file directly let a loser crash with EEXIST, or read
    // a file the winner had created but not yet filled).
    const candidate = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    writeFileSync(candidate, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    try {
      linkSync(candidate, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(candidate);
    }
  }
  chmodSync(file, 0o600);
  return { current: keyFrom(readFileSync(file, 'utf8').trim()), previous };
}

export function createSecretBox(keys: { current: Buffer; previous: Buffer | null }): SecretBox {
  const openWith = (key: Buffer, data: Buffer) => {
    const iv = data.subarray(0, 12);
    const tag = data.subarray(12, 28);
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
  };
  return {
    seal: (plaintext) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys.current, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open: (sealed) => {
      if (!sealed.startsWith(`${VERSION}:`)) throw new SecretKeyError('Not a sealed secret.');
      const data = Buffer.from(sealed.slice(VERSION.length + 1), 'base64');
      try {
        return openWith(keys.current, data);
      } catch (error) {
        if (keys.previous) return openWith(keys.previous, data);
        throw new SecretKeyError(
          `A stored secret could not be decrypted with the server key (${(error as Error).message}). Was SECRET_KEY changed without SECRET_KEY_PREVIOUS?`,
        );
      }
    },
  };
}
