import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getObjectBytes, InvalidStorageKeyError, newStorageKey, type ObjectStorage, StoredObjectMissingError } from "~/server/storage";
import { folderStorage } from "~/server/storage/folder-storage";
import { s3Storage } from "~/server/storage/s3-storage";
import { type S3Fake, startS3Fake } from "../../fakes/s3-server";

let s3: S3Fake;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-contract-"));
beforeAll(async () => {
  s3 = await startS3Fake("contract-tests");
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

const implementations: [string, () => ObjectStorage][] = [
  ["the folder under the data directory", () => folderStorage(folder)],
  [
    "an S3-compatible store (AWS SDK against s3rver)",
    () =>
      s3Storage({
        bucket: s3.bucket,
        region: "us-east-1",
        endpoint: s3.endpoint,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        forcePathStyle: true,
      }),
  ],
];

describe.each(implementations)("object storage: %s", (_name, make) => {
  it("keeps the bytes under a new random key, gives them back as a stream, and deletes them", async () => {
    const storage = make();
    const key = newStorageKey();
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, index) => index % 251));
    await storage.put(key, bytes, "application/pdf");
    expect(Buffer.compare(await getObjectBytes(storage, key), bytes)).toBe(0);
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredObjectMissingError);
    await expect(storage.delete(key)).resolves.toBeUndefined(); // deleting twice is not an error
  });

  it("keeps objects apart: deleting one leaves the other", async () => {
    const storage = make();
    const [first, second] = [newStorageKey(), newStorageKey()];
    expect(first).not.toBe(second);
    await storage.put(first, Buffer.from("first"), "application/pdf");
    await storage.put(second, Buffer.from("second"), "application/pdf");
    await storage.delete(first);
    expect((await getObjectBytes(storage, second)).toString()).toBe("second");
  });

  it("an unknown key is missing, and keys that are not its own format are refused before any access", async () => {
    const storage = make();
    await expect(storage.get(newStorageKey())).rejects.toBeInstanceOf(StoredObjectMissingError);
    for (const key of ["../../etc/passwd", "passwd.pdf", "/etc/passwd", "", `${newStorageKey()}/../x`, newStorageKey().toUpperCase()]) {
      await expect(storage.put(key, Buffer.from("x"), "application/pdf")).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });
});

it("the folder keeps each object under its key inside the folder and nowhere else", async () => {
  const storage = folderStorage(folder);
  const key = newStorageKey();
  await storage.put(key, Buffer.from("inside"), "image/png");
  expect(fs.readFileSync(path.join(folder, key.slice(0, 2), key), "utf8")).toBe("inside");
});

describe("S3 settings", () => {
  const KEYS = ["S3_BUCKET", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
  const before = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));
  afterAll(() => {
    for (const key of KEYS) {
      if (before[key] === undefined) delete process.env[key];
      else process.env[key] = before[key];
    }
  });

  it("half-set S3 settings are named at start; unset, the folder is used", async () => {
    const { settingsProblems } = await import("~/env");
    const { getObjectStorage } = await import("~/server/storage");
    for (const key of KEYS) delete process.env[key];
    expect(getObjectStorage().name).toBe("folder");
    expect(settingsProblems().filter((problem) => problem.startsWith("S3"))).toEqual([]);
    process.env.S3_ACCESS_KEY_ID = "key";
    expect(settingsProblems().filter((problem) => problem.startsWith("S3"))).toEqual([
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither",
      "S3_BUCKET: required with S3_ENDPOINT or S3 keys (without a bucket, documents are kept in DATA_DIR/uploads)",
    ]);
    process.env.S3_SECRET_ACCESS_KEY = "secret";
    process.env.S3_BUCKET = "documents";
    expect(settingsProblems().filter((problem) => problem.startsWith("S3"))).toEqual([]);
    expect(getObjectStorage().name).toBe("s3");
  });
});
