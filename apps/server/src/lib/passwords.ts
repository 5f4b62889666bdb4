import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id floor: m=19456 KiB, t=2, p=1. */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Unknown emails still pay for one verification, so timing does not reveal which accounts exist. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('fieldwork-dummy-password');
  await verifyPassword(await dummyHash, password);
}
