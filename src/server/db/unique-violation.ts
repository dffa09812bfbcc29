import { Prisma } from "~/generated/prisma/client";

/** A write refused by a unique index (Prisma's P2002): the record exists already. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}
