import { z } from "zod";
import { listQuery } from "./admin";
import { REQUEST_STATUSES, SERVICE_SLUGS } from "./entitlements";
import { CONTACT_ORIGINS } from "./site";

export const SUPPORT_PRIORITIES = ["standard", "high", "urgent"] as const;

/** Which requests the queue shows: the open ones (pending, processing, approved) unless told otherwise. */
export const REQUEST_VIEWS = ["open", "all", ...REQUEST_STATUSES] as const;
export type RequestView = (typeof REQUEST_VIEWS)[number];

/** The service requests of /admin/support. Sorting by priority puts urgent first, then the oldest. */
export const supportRequestListSchema = listQuery(["priority", "createdAt"], {
  status: z.enum(REQUEST_VIEWS, { error: "Choose a status, open or all" }).default("open"),
  service: z.enum(SERVICE_SLUGS, { error: "Choose one of the services" }).optional(),
  priority: z.enum(SUPPORT_PRIORITIES, { error: "Choose a priority: standard, high or urgent" }).optional(),
});

/** Which contact messages the queue shows: the unhandled ones unless told otherwise. */
export const MESSAGE_VIEWS = ["unhandled", "handled", "all"] as const;
export type MessageView = (typeof MESSAGE_VIEWS)[number];

export const contactMessageListSchema = listQuery(["priority", "createdAt"], {
  handled: z.enum(MESSAGE_VIEWS, { error: "Choose unhandled, handled or all" }).default("unhandled"),
  origin: z.enum(CONTACT_ORIGINS, { error: "origin must be contact, institutes or business" }).optional(),
});

const idText = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(100, `${name} is too long`);

/** Gives a request to an active coach, or takes it back (coachId null). */
export const assignRequestSchema = z.object({
  requestId: idText("requestId"),
  coachId: idText("coachId").nullable(),
});

export const REPLY_MAX_LENGTH = 5000;

/** A reply to a contact message, mailed to its sender. */
export const contactReplySchema = z.object({
  id: idText("id"),
  reply: z
    .string({ error: "Write a reply" })
    .trim()
    .min(1, "Write a reply")
    .max(REPLY_MAX_LENGTH, `The reply must be at most ${REPLY_MAX_LENGTH.toLocaleString("en-US")} characters`),
});
