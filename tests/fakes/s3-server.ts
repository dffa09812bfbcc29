/**
 * A local S3-compatible server for tests (s3rver: the S3 REST protocol over HTTP, objects in a temporary
 * folder), so the storage's real AWS SDK code runs against it. Test-only.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface S3Fake {
  /** http://127.0.0.1:PORT, for S3_ENDPOINT (with path-style addressing). */
  endpoint: string;
  bucket: string;
  /** s3rver accepts these keys (and signs with them). */
  accessKeyId: string;
  secretAccessKey: string;
  /** The settings that point the app's storage at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Fake(bucket = "documents"): Promise<S3Fake> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const keys = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    bucket,
    ...keys,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
