import type { TestProject } from "vitest/node";
import { createDatabaseTemplates } from "../helpers/database-templates";

/** Once per run: the databases every test file's own database is copied from (tests/helpers/database-templates.ts). */
export default async function setup(project: TestProject) {
  const { templates, dispose } = await createDatabaseTemplates();
  project.provide("databaseTemplates", templates);
  return dispose;
}
