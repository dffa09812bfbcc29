import type { Hash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Adds every file under `folder` to `hash`: its path relative to `relativeTo`, then its contents, in
 * name order, so the digest changes with any added, removed, renamed or edited file.
 */
export function hashFolder(hash: Hash, folder: string, relativeTo = folder): void {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) hashFolder(hash, full, relativeTo);
    else {
      hash.update(path.relative(relativeTo, full));
      hash.update(fs.readFileSync(full));
    }
  }
}

/** The product's content folder (topic threads, prompts, knowledge base), read by the seed step. */
export const CONTENT_DIR = path.resolve(process.cwd(), "src", "content");

const threadFileSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
  position: z.number().int(),
  questions: z.array(z.string().trim().min(1)).min(6),
});
export type ThreadFile = z.infer<typeof threadFileSchema>;

const promptsFileSchema = z.array(z.string().trim().min(1)).min(20);

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

export function readThreadFiles(dir = path.join(CONTENT_DIR, "threads")): ThreadFile[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => {
      const parsed = threadFileSchema.safeParse(readJson(path.join(dir, name)));
      if (!parsed.success) throw new Error(`Invalid thread file ${name}: ${z.prettifyError(parsed.error)}`);
      return parsed.data;
    })
    .sort((a, b) => a.position - b.position);
}

export function readPromptsFile(file = path.join(CONTENT_DIR, "prompts.json")): string[] {
  return promptsFileSchema.parse(readJson(file));
}
