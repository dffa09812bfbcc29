import type pg from "pg";

/** A comparable description of a database's schema: enums, columns, indexes and constraints. */
export async function schemaSnapshot(client: pg.Client) {
  const query = async (sql: string) => (await client.query(sql)).rows.map((row) => JSON.stringify(row));
  return {
    enums: await query(`SELECT t.typname, array_agg(e.enumlabel ORDER BY e.enumsortorder) AS labels
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname ORDER BY t.typname`),
    columns:
      await query(`SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, is_generated, generation_expression
      FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
      ORDER BY table_name, column_name`),
    indexes: await query(`SELECT tablename, indexname, indexdef FROM pg_indexes
      WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename, indexname`),
    constraints: await query(`SELECT c.conrelid::regclass::text AS table_name, c.conname, pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE n.nspname = 'public' AND c.conrelid::regclass::text NOT IN ('_prisma_migrations', '"_prisma_migrations"') ORDER BY 1, 2`),
    triggers: await query(`SELECT event_object_table, trigger_name, action_statement FROM information_schema.triggers
      WHERE trigger_schema = 'public' ORDER BY 1, 2`),
  };
}
