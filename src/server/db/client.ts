import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";

export type Db = PrismaClient;

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
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) {
      throw new Error("DATABASE_URL is not set: start the app with `npm start` or `npm run dev`");
    }
    const poolMax = process.env.DATABASE_POOL_MAX ? Number(process.env.DATABASE_POOL_MAX) : undefined;
    globalForDb.__db = createDb({ connectionString, poolMax });
  }
  return globalForDb.__db;
}
