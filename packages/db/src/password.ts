/**
 * Password hashing shared by the seed and the API, so both use the same parameters.
 * argon2id with the OWASP minimum (19 MiB memory, 2 passes, 1 lane); hashing runs on libuv's thread pool.
 */
import { type Algorithm, hash, type Options, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; written as a number because ambient const enums cannot be read under isolatedModules. */
const ARGON2ID = 2 as Algorithm;

/** OWASP Password Storage Cheat Sheet parameters for argon2id. */
export const PASSWORD_HASH_OPTIONS: Readonly<Options> = Object.freeze({
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
});

/** Hashes a password to a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** True when `password` matches `passwordHash`; false (never throws) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
