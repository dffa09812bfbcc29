import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertStorageKey, type ObjectStorage, StoredObjectMissingError } from "./storage";

/**
 * Objects as files in one folder (the embedded default: DATA_DIR/uploads). A file is written under a
 * temporary name and renamed, so a reader never sees half of it.
 */
export function folderStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    name: "folder",
    async put(key, body) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.partial`;
      await fsp.writeFile(partial, body, { flag: "wx" });
      await fsp.rename(partial, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        await fsp.access(file);
      } catch {
        throw new StoredObjectMissingError(key);
      }
      return Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}
