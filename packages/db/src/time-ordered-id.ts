import { randomBytes } from 'node:crypto';

/**
 * A UUID (version 7) that sorts after every one this process made before it: the first 48 bits are the Unix time in
 * milliseconds, the next 12 a counter within that millisecond (started at a random value below 2,048, so a burst of
 * 2,048 ids fits before it overflows into the next millisecond), the rest random. Logs read newest first by
 * (created_at, id): two entries written in one millisecond — a change and the one right after it, or the two
 * entries of one change — then still read in the order they were written, where random ids made it a coin toss.
 * A clock that steps back keeps the last millisecond, so the order holds across it too.
 */
let lastMs = 0;
let counter = 0;

export function timeOrderedId(): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    counter = randomBytes(2).readUInt16BE(0) & 0x7ff;
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
