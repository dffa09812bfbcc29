import { seedRoadmap } from "~/server/content/roadmap";
import { seedToolFacts } from "~/server/content/tools/facts";
import { seedVisaTool } from "~/server/content/tools/visa";
import { createTestDatabase, type TestDatabase } from "./test-database";

/** A test database with what roadmaps need: the tools' facts (visa rules, semester starts) and the step templates. */
export async function createRoadmapTestDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  await seedToolFacts(database.db);
  await seedVisaTool(database.db);
  await seedRoadmap(database.db);
  return database;
}
