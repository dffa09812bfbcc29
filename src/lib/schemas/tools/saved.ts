import { z } from "zod";

/** The tools whose results a signed-in user can save to the profile. */
const SAVABLE_TOOLS = ["visa-checker", "cost-calculator"] as const;
export type SavableTool = (typeof SAVABLE_TOOLS)[number];

export const savedResultIdSchema = z.object({
  id: z.string({ error: "A saved result id is required." }).trim().min(1, "A saved result id is required.").max(64),
});

/** A few words a user may give a saved result; the tool names it otherwise. */
export const savedTitleSchema = z.string().trim().max(120, "A title has at most 120 characters.").optional();
