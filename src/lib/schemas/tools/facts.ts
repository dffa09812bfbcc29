import { z } from "zod";
import { sourcedSchema } from "./common";

/**
 * A figure or rule of src/content/tools/facts/*.json: its key, the tool that uses it ("shared" when
 * several do), what it is (label), its value (a number, a list of countries, a table ...) and its
 * sources. Each tool validates the value it reads with its own schema.
 */
const toolFactSchema = sourcedSchema.extend({
  key: z.string().regex(/^[a-z0-9.-]+$/, "A fact key is lower-case words joined by dots or dashes."),
  tool: z.enum(["visa-checker", "cost-calculator", "compare", "shared"]),
  label: z.string().min(3),
  value: z.unknown().refine((value) => value !== undefined && value !== null, "A fact needs its value."),
});
export type ToolFactRecord = z.infer<typeof toolFactSchema>;

export const toolFactFileSchema = z.object({ facts: z.array(toolFactSchema).min(1) });
