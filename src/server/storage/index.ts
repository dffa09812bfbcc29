import path from "node:path";
import { env } from "~/env";
import { folderStorage } from "./folder-storage";
import { s3Storage } from "./s3-storage";
import type { ObjectStorage } from "./storage";

export * from "./storage";

let cached: { signature: string; storage: ObjectStorage } | undefined;

/** The configured store: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function getObjectStorage(): ObjectStorage {
  const settings = [
    env.S3_BUCKET,
    env.S3_ENDPOINT,
    env.S3_REGION,
    env.S3_ACCESS_KEY_ID,
    env.S3_SECRET_ACCESS_KEY,
    env.S3_FORCE_PATH_STYLE,
    env.DATA_DIR,
  ];
  const signature = JSON.stringify(settings);
  if (cached?.signature === signature) return cached.storage;
  const storage = env.S3_BUCKET
    ? s3Storage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        credentials:
          env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      })
    : folderStorage(path.resolve(env.DATA_DIR, "uploads"));
  cached = { signature, storage };
  return storage;
}
