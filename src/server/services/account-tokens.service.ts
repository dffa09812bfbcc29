import { createHash, randomBytes, randomInt } from "node:crypto";
import type { AccountTokenPurpose } from "~/generated/prisma/client";
import type { DbOrTx } from "~/server/db/client";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** How long each kind of mailed secret is good for. */
export const TOKEN_LIFETIME_MINUTES: Record<AccountTokenPurpose, number> = {
  verify_email: 24 * 60,
  reset_password: 60,
  delete_account: 10,
};

/**
 * Issues a single-use secret for `purpose` (a link token, or a 6-digit code for account deletion) and
 * ends the user's earlier ones of the same purpose: only the newest mail works. Only its hash is stored.
 */
export async function issueAccountToken(db: DbOrTx, userId: string, purpose: AccountTokenPurpose): Promise<string> {
  const token = purpose === "delete_account" ? String(randomInt(0, 1_000_000)).padStart(6, "0") : randomBytes(32).toString("base64url");
  const tokenHash = hashToken(purpose === "delete_account" ? `${userId}:${token}` : token);
  await db.accountToken.deleteMany({ where: { userId, purpose } });
  await db.accountToken.create({
    data: { userId, purpose, tokenHash, expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MINUTES[purpose] * 60_000) },
  });
  return token;
}

/** The unused, unexpired link token of `purpose`, without using it up. */
export async function findUsableAccountToken(db: DbOrTx, purpose: AccountTokenPurpose, token: string) {
  if (!token || token.length > 200) return null;
  return db.accountToken.findFirst({
    where: { tokenHash: hashToken(token), purpose, usedAt: null, expiresAt: { gt: new Date() } },
    select: { userId: true },
  });
}

/**
 * Uses up a secret: returns its user id when it exists, has this purpose, is unexpired and unused,
 * marking it used in the same statement (two clicks on one link: one wins). Codes are tied to a user.
 */
export async function consumeAccountToken(
  db: DbOrTx,
  purpose: AccountTokenPurpose,
  token: string,
  userId?: string,
): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(userId ? `${userId}:${token}` : token);
  const rows = await db.$queryRaw<{ userId: string }[]>`
    UPDATE "AccountToken" SET "usedAt" = now()
    WHERE "tokenHash" = ${tokenHash} AND "purpose" = ${purpose}::"AccountTokenPurpose" AND "usedAt" IS NULL AND "expiresAt" > now()
    RETURNING "userId"`;
  return rows[0]?.userId ?? null;
}
