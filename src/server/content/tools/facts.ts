import type { Prisma } from "~/generated/prisma/client";
import { type ToolFactRecord, toolFactFileSchema } from "~/lib/schemas/tools/facts";
import type { Db } from "~/server/db/client";
import { assertUniqueKeys, listToolFiles, readToolFile, seedEditable } from "./files";

/** Every fact of src/content/tools/facts/*.json; a key used twice stops the seed. */
export function readToolFacts(): ToolFactRecord[] {
  const facts = listToolFiles("facts").flatMap((file) => readToolFile(file, toolFactFileSchema).facts);
  return assertUniqueKeys(
    facts,
    (fact) => fact.key,
    (key) => `The tool fact "${key}" of src/content/tools/facts`,
  );
}

/** Facts follow their files unless staff changed them in /admin. */
export async function seedToolFacts(db: Db, facts: ToolFactRecord[] = readToolFacts()) {
  const customized = await db.toolFact.findMany({ where: { customizedAt: { not: null } }, select: { key: true } });
  await seedEditable(
    facts,
    (fact) => fact.key,
    customized.map((row) => row.key),
    async (fact) => {
      const data = {
        tool: fact.tool,
        label: fact.label,
        value: fact.value as Prisma.InputJsonValue,
        sources: fact.sources,
        checkedOn: fact.checkedOn,
        figureDate: fact.figureDate ?? null,
        figurePeriod: fact.figurePeriod ?? null,
      };
      await db.toolFact.upsert({ where: { key: fact.key }, create: { key: fact.key, ...data }, update: data });
    },
  );
}
