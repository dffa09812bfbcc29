import { randomBytes } from "node:crypto";
import { env } from "~/env";
import type { Db } from "~/server/db/client";

const SECRET_KEY = "auth.secret";
let cached: string | undefined;

/**
 * The key that signs and encrypts session tokens: NEXTAUTH_SECRET when set, otherwise one generated
 * on first start and kept in the database, so every app instance and every restart shares it.
 */
export async function getAuthSecret(db: Db): Promise<string> {
  if (env.NEXTAUTH_SECRET) return env.NEXTAUTH_SECRET;
  if (cached) return cached;
  await db.appSetting.createMany({
    data: [{ key: SECRET_KEY, value: randomBytes(32).toString("base64url") }],
    skipDuplicates: true,
  });
  const row = await db.appSetting.findUniqueOrThrow({ where: { key: SECRET_KEY } });
  cached = row.value;
  return cached;
}
