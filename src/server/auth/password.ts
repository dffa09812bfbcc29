import { hash, verify } from "@node-rs/argon2";

// @node-rs/argon2 exports Algorithm as a const enum; 2 is Argon2id.
const ARGON2ID = 2;

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1), which meet OWASP's recommendation.
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// Verified against when no account matches, so a missing account costs the same time as a wrong password.
const UNKNOWN_ACCOUNT_HASH = "$argon2id$v=19$m=19456,t=2,p=1$rpshkJk5ZpZZuOl7Py9e+g$qLDvhqLOs7hyNxeqoXSlLWCFZiSf/kHnQqIHBS9wNf8";

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  try {
    const ok = await verify(storedHash ?? UNKNOWN_ACCOUNT_HASH, password);
    return ok && Boolean(storedHash);
  } catch {
    return false;
  }
}
