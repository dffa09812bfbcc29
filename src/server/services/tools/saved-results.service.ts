import { differenceInYears } from "date-fns";
import type { Prisma } from "~/generated/prisma/client";
import { countryCodeOf } from "~/lib/options";
import type { SavableTool } from "~/lib/schemas/tools/saved";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { SessionClaims } from "~/server/services/sessions.service";

/** The most results one user keeps per tool; saving past it asks them to delete one first. */
export const MAX_SAVED_PER_TOOL = 50;

const NOT_FOUND_MESSAGE = "This saved result does not exist.";

/**
 * Stores a tool's answer for the user. The tool's router computes `result` on the server from the
 * validated `input` just before, so what is saved is never what a client claimed.
 */
export async function storeToolResult(
  db: Db,
  actor: SessionClaims,
  entry: { tool: SavableTool; title: string; input: Prisma.InputJsonValue; result: Prisma.InputJsonValue },
) {
  const count = await db.savedToolResult.count({ where: { userId: actor.id, tool: entry.tool } });
  if (count >= MAX_SAVED_PER_TOOL) {
    throw new AppError(
      "CONFLICT",
      `You have ${MAX_SAVED_PER_TOOL} saved results for this tool. Delete one in your profile to save another.`,
    );
  }
  return db.savedToolResult.create({ data: { userId: actor.id, ...entry }, select: { id: true, createdAt: true } });
}

/** The user's saved results, newest first, for the profile. */
export async function listSavedResults(db: Db, actor: SessionClaims) {
  return db.savedToolResult.findMany({
    where: { userId: actor.id },
    orderBy: { createdAt: "desc" },
    select: { id: true, tool: true, title: true, input: true, result: true, createdAt: true },
  });
}

/** One saved result of the user (another user's id answers as not found). */
export async function getSavedResult(db: Db, actor: SessionClaims, id: string) {
  const row = await db.savedToolResult.findFirst({
    where: { id, userId: actor.id },
    select: { id: true, tool: true, title: true, input: true, result: true, createdAt: true },
  });
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
  return row;
}

export async function deleteSavedResult(db: Db, actor: SessionClaims, id: string) {
  const { count } = await db.savedToolResult.deleteMany({ where: { id, userId: actor.id } });
  if (count === 0) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
  return { id };
}

/** What the tools pre-fill for a signed-in user: nationality (ISO code) and age, from the profile. */
export async function toolDefaults(db: Db, actor: SessionClaims, today = new Date()) {
  const student = await db.student.findUnique({
    where: { userId: actor.id },
    select: { nationality: true, dateOfBirth: true },
  });
  const age = student?.dateOfBirth ? differenceInYears(today, new Date(`${student.dateOfBirth}T00:00:00Z`)) : null;
  return { nationality: countryCodeOf(student?.nationality), age: age !== null && age >= 0 ? age : null };
}
