import { z } from "zod";
import { listQuery } from "./admin";
import { PARTNER_ORIGINS } from "./site";

/** /admin/clients: senders of partner messages, grouped by email; search in name and email, filter by origin. */
export const partnerListSchema = listQuery(["lastContact", "firstContact", "messages", "name"], {
  origin: z.enum(PARTNER_ORIGINS, { error: "origin must be institutes or business" }).optional(),
});
