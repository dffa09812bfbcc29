import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateText } from "ai";
import { createLocalKnowledgeModel } from "../src/server/ai/local-model";
import { createDb } from "../src/server/db/client";
import { startEmbeddedDatabase } from "../src/server/db/embedded";
import { prepareDatabase } from "../src/server/db/setup";
import { seed } from "../src/server/seed";
for (const name of ["OPENAI_API_KEY", "DEEPSEEK_API_KEY"]) delete process.env[name];
const embedded = await startEmbeddedDatabase({ socketDir: fs.mkdtempSync(path.join(os.tmpdir(), "pglite-ask-")) });
await prepareDatabase(embedded.url, { seed, log: () => {} });
const db = createDb({ connectionString: embedded.url, poolMax: 1 });
const model = createLocalKnowledgeModel(db, { embeddings: null });
// args: questions; "a -> b" for follow-up
for (const arg of process.argv.slice(2)) {
  const parts = arg.split(" -> ");
  const { text } = await generateText({ model, messages: parts.map((content) => ({ role: "user" as const, content })) });
  console.log(`### ${arg}\n${text.replace(/\n\nSource: .*/g, (m) => m.slice(0, 120))}\n`);
}
await db.$disconnect();
await embedded.stop();
