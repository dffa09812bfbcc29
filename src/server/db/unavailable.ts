import { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/server/errors";

export const DATABASE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment.";

/**
 * Prisma's codes for a database it cannot reach, that closed the connection, or whose pool is
 * exhausted; and PostgreSQL's words while it restarts. Such a failure is temporary, not a bug.
 */
const UNAVAILABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const UNAVAILABLE_TEXT =
  /can't reach database server|terminating connection|database system is (?:starting up|shutting down|in recovery mode)|connection terminated|server closed the connection|ECONNREFUSED|ECONNRESET|Connection refused/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof Prisma.PrismaClientKnownRequestError && UNAVAILABLE_CODES.has(current.code)) return true;
    if (current instanceof Prisma.PrismaClientInitializationError) return true;
    if (current instanceof Error && UNAVAILABLE_TEXT.test(current.message)) return true;
  }
  return false;
}

/** The 503 a request answers while the database is away (restarting, unreachable). */
export function unavailableError(): AppError {
  return new AppError("UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE, { retryAfterSeconds: 5 });
}
