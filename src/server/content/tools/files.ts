import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { hashFolder } from "../files";
import { readValidatedFile } from "../json-file";

/** The tools' data files: src/content/tools (figures and rules with their sources and checked dates). */
const TOOLS_CONTENT_DIR = path.join(process.cwd(), "src", "content", "tools");

/** Reads and validates one JSON data file of src/content/tools (see readValidatedFile). */
export function readToolFile<S extends z.ZodType>(relativePath: string, schema: S): z.output<S> {
  return readValidatedFile(path.join(TOOLS_CONTENT_DIR, relativePath), schema, `src/content/tools/${relativePath}`);
}

/** The JSON files of a folder of src/content/tools, by name. */
export function listToolFiles(relativeDir: string): string[] {
  return fs
    .readdirSync(path.join(TOOLS_CONTENT_DIR, relativeDir))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => path.join(relativeDir, name));
}

/** Stops the seed when two records of a folder share a key: `describe` names the record and its folder, e.g. `The city "munich"`. */
export function assertUniqueKeys<R>(records: R[], keyOf: (record: R) => string, nameOf: (key: string) => string): R[] {
  const seen = new Set<string>();
  for (const record of records) {
    const key = keyOf(record);
    if (seen.has(key)) throw new Error(`${nameOf(key)} is defined twice.`);
    seen.add(key);
  }
  return records;
}

/**
 * Writes each record of a data file unless staff changed its row in /admin (its key is in
 * `customized`): as for threads and articles, staff edits win over the repository's files.
 */
export async function seedEditable<R>(
  records: R[],
  keyOf: (record: R) => string,
  customized: Iterable<string>,
  write: (record: R) => Promise<unknown>,
) {
  const skip = new Set(customized);
  for (const record of records) {
    if (!skip.has(keyOf(record))) await write(record);
  }
}

/** A digest of every data file of src/content/tools (names and contents). */
export function toolFilesFingerprint(dir = TOOLS_CONTENT_DIR): string {
  const hash = createHash("sha256");
  hashFolder(hash, dir);
  return hash.digest("hex");
}
