import { TRPCError } from "@trpc/server";
import type { Role } from "~/lib/permissions";
import { publicError } from "~/server/api/trpc";
import type { Db } from "~/server/db/client";
import { createUser } from "../../helpers/session";

let counter = 0;

/** A staff account (no sign-in) with `role`, for becoming a coach. */
export async function createStaffAccount(db: Db, role: Exclude<Role, "user"> = "backoffice") {
  const account = await createUser(db);
  await db.user.update({ where: { id: account.claims.id }, data: { role } });
  return account;
}

/** A coach on a new staff account. */
export async function createCoachRecord(db: Db, overrides: { active?: boolean; displayName?: string } = {}) {
  const account = await createStaffAccount(db);
  counter += 1;
  return db.coach.create({
    data: {
      userId: account.claims.id,
      displayName: overrides.displayName ?? `Coach ${counter}`,
      languages: ["en", "de"],
      subjects: ["visa"],
      active: overrides.active ?? true,
    },
  });
}

/** A pending service request of `userId`, as the services page stores it. */
export function createServiceRequest(
  db: Db,
  userId: string,
  overrides: { service?: string; priority?: "standard" | "high" | "urgent"; createdAt?: Date } = {},
) {
  return db.serviceRequest.create({
    data: {
      userId,
      service: overrides.service ?? "visa-assistance",
      message: "I need help with my visa appointment.",
      priority: overrides.priority ?? "standard",
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    },
  });
}

/** A contact message as the contact form stores it. */
export function createContactMessage(
  db: Db,
  overrides: {
    name?: string;
    email?: string;
    origin?: "contact" | "institutes" | "business";
    subject?: string;
    createdAt?: Date;
    userId?: string | null;
  } = {},
) {
  counter += 1;
  return db.contactMessage.create({
    data: {
      name: overrides.name ?? "Lena Partner",
      email: overrides.email ?? `sender${counter}@example.org`,
      subject: overrides.subject ?? "General question",
      message: "Could you tell me more about your plans?",
      origin: overrides.origin ?? "contact",
      userId: overrides.userId ?? null,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    },
  });
}

/** The error a call fails with, as a client sees it: its code and the message the error formatter writes. */
export async function rejection(promise: Promise<unknown>): Promise<{ code: TRPCError["code"]; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a tRPC error, got ${String(error)}`);
  return { code: error.code, message: publicError(error).message };
}

/**
 * The error a call fails with, as thrown (a tRPC error from a caller; a service's own error when a
 * service is called directly). Fails the test when the call succeeds.
 */
export async function errorOf(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (error) {
    return error as TRPCError;
  }
  throw new Error("expected the call to fail");
}
