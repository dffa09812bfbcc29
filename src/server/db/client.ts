import { PrismaPg } from "@prisma/adapter-pg";
import { env } from "~/env";
import { type Prisma, PrismaClient } from "~/generated/prisma/client";

export type Db = PrismaClient;
/** A database client or a transaction: work done with it inside a transaction exists only if it commits. */
export type DbOrTx = Db | Prisma.TransactionClient;

export interface DbOptions {
  connectionString: string;
  /** Connections in the pool. The embedded PGlite serves one session, so it gets 1. */
  poolMax?: number;
}

export function createDb({ connectionString, poolMax = 10 }: DbOptions): Db {
  const adapter = new PrismaPg({ connectionString, max: poolMax });
  return new PrismaClient({ adapter });
}

const globalForDb = globalThis as unknown as { __db?: Db };

/**
 * The app's database client, opened on first use (never at import time, so `next build` never
 * touches the database). `npm start` always provides DATABASE_URL: the configured PostgreSQL, or
 * the embedded PGlite it serves on a local socket.
 */
export function getDb(): Db {
  if (!globalForDb.__db) {
    const connectionString = env.DATABASE_URL;
    if (!connectionString) {
      throw new Error("DATABASE_URL is not set: start the app with `npm start` or `npm run dev`");
    }
    globalForDb.__db = createDb({ connectionString, poolMax: env.DATABASE_POOL_MAX });
  }
  return globalForDb.__db;
}
