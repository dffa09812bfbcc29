import { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/server/errors";

/** A write refused by a unique index (Prisma's P2002): the record exists already. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** Runs a write, answering 409 with `message` when it would store a second record with a unique value. */
export async function conflictIfTaken<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", message);
    throw error;
  }
}
