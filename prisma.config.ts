import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

// Prisma's JS engine: generate and `migrate diff` run offline with this adapter.
// Without a DATABASE_URL the schema's env("DATABASE_URL") fails to resolve and generate falls
// back to downloading a native engine, so offline commands get a placeholder that is never dialled.
process.env.DATABASE_URL ??= "postgresql://localhost/unused";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  async adapter() {
    return new PrismaPg({ connectionString: process.env.DATABASE_URL });
  },
});
