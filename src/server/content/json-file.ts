import fs from "node:fs";
import type { z } from "zod";

/**
 * Reads and validates one JSON data file. A file that does not match its schema stops the seed with
 * the file's name (`shownAs`) and the first problems, so a broken figure never ships.
 */
export function readValidatedFile<S extends z.ZodType>(file: string, schema: S, shownAs: string): z.output<S> {
  const parsed = schema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`${shownAs} is not valid:\n${problems.join("\n")}`);
  }
  return parsed.data;
}
