import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Db } from "~/server/db/client";
import { getAuthSecret } from "./secret";

// Secrets the server must read back (two-factor keys) are stored encrypted with a key derived from
// the session secret, so a copy of the database alone does not reveal them.
async function keyFor(db: Db, purpose: string): Promise<Buffer> {
  return Buffer.from(hkdfSync("sha256", await getAuthSecret(db), "swipeabroad", purpose, 32));
}

export async function sealSecret(db: Db, purpose: string, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await keyFor(db, purpose), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
}

export async function openSecret(db: Db, purpose: string, sealed: string): Promise<string> {
  const [iv, tag, data] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", await keyFor(db, purpose), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString("utf8");
}
