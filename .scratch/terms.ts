import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "../src/server/db/client";
import { startEmbeddedDatabase } from "../src/server/db/embedded";
import { prepareDatabase } from "../src/server/db/setup";
import { seed } from "../src/server/seed";
import { analyzeQuery, retrieveAnalyzed } from "../src/server/rag/retrieve";
const embedded = await startEmbeddedDatabase({ socketDir: fs.mkdtempSync(path.join(os.tmpdir(), "pglite-t-")) });
await prepareDatabase(embedded.url, { seed, log: () => {} });
const db = createDb({ connectionString: embedded.url, poolMax: 1 });
for (const q of process.argv.slice(2)) {
  const a = (await analyzeQuery(db, q))!;
  const r = await retrieveAnalyzed(db, a, { limit: 5, minConfidence: 0, embeddings: null });
  console.log(q, "conf", r.confidence, r.passages.slice(0, 3).map((p) => `${p.articleSlug}#${p.heading}:${p.score}`));
  console.log("  words", a.words.map((w, i) => `${w}(${a.conceptWeight[i]!.toFixed(2)})`).join(" "));
  console.log("  terms", a.terms.map((t) => `${t.lexeme}[${t.concept}]x${t.factor.toFixed(2)} df${a.documentFrequency.get(t.lexeme)}`).join(" "));
}
await db.$disconnect(); await embedded.stop();
