import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "../src/server/db/client";
import { startEmbeddedDatabase } from "../src/server/db/embedded";
import { prepareDatabase } from "../src/server/db/setup";
import { seed } from "../src/server/seed";
import { analyzeQuery, retrieveAnalyzed } from "../src/server/rag/retrieve";
import { resolveFollowUp } from "../src/server/rag/follow-up";
import { readStudentEvalSet } from "../scripts/bench/student-eval";

const embedded = await startEmbeddedDatabase({ socketDir: fs.mkdtempSync(path.join(os.tmpdir(), "pglite-diag-")) });
await prepareDatabase(embedded.url, { seed, log: () => {} });
const db = createDb({ connectionString: embedded.url, poolMax: 1 });
const set = readStudentEvalSet();
const out: string[] = [];
const one = async (label: string, q: string, history: string[] = []) => {
  const standalone = resolveFollowUp(q, history);
  const a = await analyzeQuery(db, standalone);
  const r = a ? await retrieveAnalyzed(db, a, { limit: 8, minConfidence: 0, embeddings: null }) : { passages: [], confidence: 0 };
  out.push(`${r.confidence.toFixed(2)}\t${label}\t${q}\t=> ${standalone !== q ? standalone : ""}\t${r.passages[0]?.articleSlug ?? "-"}\t${a?.words.join(",")}`);
};
for (const q of set.questions) await one("IN", q.question, q.history);
for (const q of set.outOfScope) await one("OUT", q.question);
fs.writeFileSync("/tmp/ans/diag.tsv", out.sort().join("\n") + "\n");
await db.$disconnect();
await embedded.stop();
