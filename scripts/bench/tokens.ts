/**
 * Token benchmark (`npm run bench`, figures printed, not asserted): how close a conversation's charge
 * comes to what the pricing page's figures say it costs. On a freshly seeded database (the seed measures
 * the page's typical tokens per kind of question), conversations of nine questions, drawn at random but
 * reproducibly from the student evaluation set as a Free user would ask them one after the other, are
 * answered by the local model. Per conversation it prints the tokens charged (what the answers showed:
 * question and read answer) beside the sum of the page's figures for the kinds of those questions.
 * Answers that found nothing are not charged and are left out of both sums.
 *
 *   npx tsx scripts/bench/tokens.ts [conversations]   (default 8)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateText, type ModelMessage } from "ai";
import { classifyQuestion } from "../../src/lib/question-kinds";
import { createLocalKnowledgeModel } from "../../src/server/ai/local-model";
import { createDb } from "../../src/server/db/client";
import { startEmbeddedDatabase } from "../../src/server/db/embedded";
import { prepareDatabase } from "../../src/server/db/setup";
import { seed } from "../../src/server/seed";
import { readTypicalTokens } from "../../src/server/services/chat/typical-tokens.service";
import { answerFromTools } from "../../src/server/services/tools/tool-answers.service";
import { readStudentEvalSet } from "./student-eval";

for (const name of ["OPENAI_API_KEY", "DEEPSEEK_API_KEY"]) delete process.env[name];

const QUESTIONS_PER_CONVERSATION = 9;
const conversations = Number(process.argv[2] ?? 8);

/** A small seeded generator (mulberry32): the same conversations on every run. */
function random(seedValue: number) {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main() {
  const embedded = await startEmbeddedDatabase({ socketDir: fs.mkdtempSync(path.join(os.tmpdir(), "pglite-bench-tokens-")) });
  await prepareDatabase(embedded.url, { seed, log: () => {} });
  const db = createDb({ connectionString: embedded.url, poolMax: 1 });
  try {
    const figures = new Map((await readTypicalTokens(db)).kinds.map((figure) => [figure.kind, figure.tokens]));
    console.log(
      `Pricing page figures (tokens per answer): ${[...figures].map(([kind, tokens]) => `${kind} ${tokens ?? "not measured"}`).join(", ")}`,
    );
    // Questions a person asks on their own: follow-ups of the set are left out (their history is the set's).
    const pool = readStudentEvalSet().questions.filter((q) => !q.history);
    const next = random(20261128);
    const deviations: number[] = [];
    for (let c = 1; c <= conversations; c++) {
      const picked = Array.from({ length: QUESTIONS_PER_CONVERSATION }, () => pool[Math.floor(next() * pool.length)]!.question);
      const messages: ModelMessage[] = [];
      let charged = 0;
      let expected = 0;
      const kinds: string[] = [];
      for (const question of picked) {
        let answered = true;
        const model = createLocalKnowledgeModel(db, {
          toolAnswers: answerFromTools,
          onComposed: (composed) => {
            answered = composed.kind !== "unknown" && composed.kind !== "no-other";
          },
        });
        messages.push({ role: "user", content: question });
        const result = await generateText({ model, messages });
        messages.push({ role: "assistant", content: result.text });
        if (!answered) continue;
        const kind = classifyQuestion(question);
        kinds.push(kind);
        charged += (result.usage.inputTokens ?? 0) + (result.usage.outputTokens ?? 0);
        expected += figures.get(kind) ?? 0;
      }
      const deviation = expected ? (charged - expected) / expected : 0;
      deviations.push(deviation);
      const count = (kind: string) => kinds.filter((k) => k === kind).length;
      console.log(
        `  conversation ${c}: ${kinds.length} answers (${count("simple")} simple, ${count("detailed")} detailed, ${count("planning")} planning): charged ${charged} tokens, page figures ${expected}, ${(deviation * 100).toFixed(1)}%`,
      );
    }
    const within = deviations.filter((d) => Math.abs(d) <= 0.1).length;
    const sorted = [...deviations].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(
      `Charged against the page's figures: median ${(median * 100).toFixed(1)}%, range ${((sorted[0] ?? 0) * 100).toFixed(1)}% to ${((sorted.at(-1) ?? 0) * 100).toFixed(1)}%, within 10%: ${within} of ${deviations.length} conversations`,
    );
  } finally {
    await db.$disconnect();
    await embedded.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
