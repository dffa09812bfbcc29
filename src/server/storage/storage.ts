import { randomUUID } from "node:crypto";

/**
 * Where uploaded files are kept: a folder under the data directory (the embedded default) or an
 * S3-compatible object store. Keys are made here, at random; a file's own name never becomes a path.
 */
export interface ObjectStorage {
  readonly name: "folder" | "s3";
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes as a stream; throws StoredObjectMissingError when there is none. */
  get(key: string): Promise<ReadableStream<Uint8Array>>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** A key names no person and no file: a random UUID. */
const KEY_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function newStorageKey(): string {
  return randomUUID();
}

export class InvalidStorageKeyError extends Error {
  constructor() {
    super("Not a storage key of this app.");
    this.name = "InvalidStorageKeyError";
  }
}

export class StoredObjectMissingError extends Error {
  constructor(key: string) {
    super(`No stored object under ${key}.`);
    this.name = "StoredObjectMissingError";
  }
}

/** Refuses anything but a key this module made, so no caller can reach another path or object. */
export function assertStorageKey(key: string): void {
  if (!KEY_FORMAT.test(key)) throw new InvalidStorageKeyError();
}

/** Reads a whole object into memory (small files, tests). */
export async function getObjectBytes(storage: ObjectStorage, key: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = (await storage.get(key)).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
