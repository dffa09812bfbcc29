import { z } from "zod";
import { listQuery } from "./admin";

export const MAIL_STATUSES = ["queued", "sent", "failed"] as const;

/** admin.system.outbox: the mails, searched by recipient, filtered by kind and status. */
export const outboxListSchema = listQuery(["createdAt", "to", "status"], {
  kind: z
    .string({ error: "kind must be text" })
    .trim()
    .max(60, "kind must be at most 60 characters")
    .optional()
    .transform((value) => value || undefined),
  status: z.enum(MAIL_STATUSES, { error: `status must be one of ${MAIL_STATUSES.join(", ")}` }).optional(),
});
export type OutboxListQuery = z.infer<typeof outboxListSchema>;
