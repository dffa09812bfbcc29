import { z } from "zod";
import { listQuery, periodSchema } from "./admin";

const name = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(60, `${label} must be at most 60 characters`)
    .regex(/^[a-z0-9_-]*$/i, `${label} may hold letters, digits, "_" and "-" only`)
    .optional()
    .transform((value) => value || undefined);

/**
 * admin.audit.list: searched by actor email, action or target id; filtered by the action's area (the
 * part before the dot: "staff", "knowledge"...), the target's type and a period of days.
 */
export const auditListSchema = listQuery(["createdAt", "action", "actorEmail"], {
  area: name("area"),
  targetType: name("targetType"),
  from: periodSchema.shape.from.optional(),
  to: periodSchema.shape.to.optional(),
}).refine(({ from, to }) => !from || !to || from <= to, {
  message: "The period must end on or after its first day",
  path: ["to"],
});
export type AuditListQuery = z.infer<typeof auditListSchema>;
