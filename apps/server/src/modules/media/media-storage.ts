import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES } from './media-sniff.ts';

/**
 * Media bytes live on disk under `<mediaDir>/<tenantId>/<uuid>`: names are generated, never the client's.
 * An upload is written to a hidden temp name first and renamed into place only when its row is saved.
 */
export const TEMP_PREFIX = '.upload-';

export type StreamedUpload = { size: number; head: Buffer; utf8Text: boolean };

export function storageKeyOf(tenantId: string, id: string): string {
  return `${tenantId}/${id}`;
}

/** The absolute path of a stored key, refusing anything that would land outside the media directory. */
export function mediaPath(mediaDir: string, storageKey: string): string {
  const root = resolve(mediaDir);
  const path = resolve(root, storageKey);
  if (!path.startsWith(root + sep)) throw new Error('storage key escapes the media directory');
  return path;
}

export function tempPathOf(mediaDir: string, tenantId: string, id: string): string {
  return mediaPath(mediaDir, `${tenantId}/${TEMP_PREFIX}${id}`);
}

export async function ensureTenantDir(mediaDir: string, tenantId: string): Promise<void> {
  await mkdir(mediaPath(mediaDir, tenantId), { recursive: true, mode: 0o700 });
}

/**
 * Streams an upload to `tempPath`, keeping its first bytes for sniffing and, when asked, checking on the way
 * that the whole content is UTF-8 text without NUL bytes — without ever holding the file in memory.
 */
export async function streamToFile(source: Readable, tempPath: string, checkText: boolean): Promise<StreamedUpload> {
  let size = 0;
  let head = Buffer.alloc(0);
  let utf8Text = checkText;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      if (utf8Text) {
        try {
          if (chunk.includes(0)) utf8Text = false;
          else decoder.decode(chunk, { stream: true });
        } catch {
          utf8Text = false;
        }
      }
      done(null, chunk);
    },
    flush(done) {
      if (utf8Text) {
        try {
          decoder.decode();
        } catch {
          utf8Text = false;
        }
      }
      done();
    },
  });
  await pipeline(source, inspect, createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
  return { size, head, utf8Text };
}

export async function moveIntoPlace(tempPath: string, finalPath: string): Promise<void> {
  await rename(tempPath, finalPath);
}

/** Deletes a file if it is there; a file already gone is not an error. */
export async function removeQuietly(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** A readable stream of a stored file, or null when the file is missing on disk. */
export async function openStoredFile(path: string): Promise<{ stream: ReadStream; size: number } | null> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    return { stream: createReadStream(path), size: info.size };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Temp files left by a crash between writing and saving, older than the cutoff, in every tenant folder. */
export async function removeStaleTempFiles(mediaDir: string, cutoffMs: number): Promise<number> {
  let removed = 0;
  let tenants: string[];
  try {
    tenants = await readdir(mediaDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  for (const tenant of tenants) {
    const dir = join(mediaDir, tenant);
    const entries = await readdir(dir).catch(() => [] as string[]);
    for (const name of entries) {
      if (!name.startsWith(TEMP_PREFIX)) continue;
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs < cutoffMs) {
        await removeQuietly(path);
        removed++;
      }
    }
  }
  return removed;
}
