import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { assertStorageKey, type ObjectStorage, StoredObjectMissingError } from "./storage";

export interface S3Settings {
  bucket: string;
  region: string;
  /** Any S3-compatible server (MinIO, Ceph, R2, ...); unset: AWS itself. */
  endpoint?: string;
  /** Without keys the SDK's own chain is used (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

/** Objects in an S3-compatible bucket, through the AWS SDK. */
export function s3Storage(settings: S3Settings): ObjectStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
  });
  const Bucket = settings.bucket;
  return {
    name: "s3",
    async put(key, body, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.byteLength,
        }),
      );
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) throw new StoredObjectMissingError(key);
        return object.Body.transformToWebStream() as ReadableStream<Uint8Array>;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") throw new StoredObjectMissingError(key);
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
