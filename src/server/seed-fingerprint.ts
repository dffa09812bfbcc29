/**
 * The seed's fingerprint: a hash of everything the seed reads (the content files, the server code
 * that turns them into rows, the migrations) and of the settings that change its result (an
 * embedding key). `npm start` seeds only when it differs from the one stored after the last seed,
 * so an unchanged start skips the whole seed.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "~/env";
import { hashFolder } from "~/server/content/files";
import type { Db } from "~/server/db/client";
import { seed } from "~/server/seed";

export const SEED_FINGERPRINT_KEY = "seed:fingerprint";

/** Folders whose files are the seed's inputs, relative to the project root. */
const SEED_INPUTS = ["src/content", "src/server", "prisma/migrations"];

export function seedFingerprint(root = process.cwd()): string {
  const hash = createHash("sha256");
  for (const input of SEED_INPUTS) {
    const folder = path.join(root, input);
    if (fs.existsSync(folder)) hashFolder(hash, folder, root);
  }
  hash.update(`embeddings:${env.OPENAI_API_KEY ? `${env.OPENAI_BASE_URL ?? ""}|${env.OPENAI_EMBEDDING_MODEL ?? ""}` : "none"}`);
  return hash.digest("hex");
}

/** Seeds unless the stored fingerprint equals the inputs' one; stores the new fingerprint after a seed. */
export async function seedWhenChanged(db: Db, fingerprint = seedFingerprint()): Promise<boolean> {
  const stored = await db.appSetting.findUnique({ where: { key: SEED_FINGERPRINT_KEY } });
  if (stored?.value === fingerprint) return false;
  await seed(db);
  await db.appSetting.upsert({
    where: { key: SEED_FINGERPRINT_KEY },
    create: { key: SEED_FINGERPRINT_KEY, value: fingerprint },
    update: { value: fingerprint },
  });
  return true;
}
