import { generateText, streamText, type ModelMessage } from "ai";
import { countTokens } from "gpt-tokenizer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalKnowledgeModel } from "~/server/ai/local-model";
import { readKnowledgeBase } from "~/server/rag/articles";
import { answerUnits } from "~/server/rag/markdown";
import { splitSentences, stripMarkdown } from "~/server/rag/text";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const BLOCKED_ACCOUNT_QUESTION = "How much money do I need in a blocked account for a German student visa?";

let database: TestDatabase;
const normalize = (text: string) => stripMarkdown(text).replace(/\s+/g, " ").trim();
/** Everything the model may quote: the sentences, list items and table rows of every passage, and their lead-ins. */
const quotable = readKnowledgeBase()
  .flatMap((a) => a.passages)
  .flatMap((p) => answerUnits(p.text))
  .flatMap((u) => [normalize(u.plain), ...(u.label ? [normalize(u.label)] : [])]);
const isQuoted = (sentence: string) => quotable.some((text) => text.includes(sentence));

beforeAll(async () => {
  // The full seed step: the knowledge base is loaded by the line in src/server/db/seed.ts.
  delete process.env.OPENAI_API_KEY;
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.stop();
});

const model = () => createLocalKnowledgeModel(database.db, { embeddings: null });
const ask = (question: string) => generateText({ model: model(), prompt: question });

/** The lines of an answer without its source lines and framing; a bold label before a quote is its own line. */
function quotedLines(answer: string): string[] {
  return answer
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("Source: ") && !line.startsWith("I am not fully sure"))
    .flatMap((line) => {
      const labelled = /^\*\*([^*]+):\*\* (.*)$/.exec(line);
      return labelled ? [labelled[1]!, labelled[2]!] : [line.replace(/^- /, "")];
    })
    .map((line) => normalize(line).replace(/:$/, ""));
}

describe("the local knowledge-base model", () => {
  it("answers the blocked-account question with the current amount, its year and its dated source", async () => {
    const result = await ask(BLOCKED_ACCOUNT_QUESTION);
    expect(result.text).toContain("11,904 EUR per year");
    expect(result.text).toContain("from 1 January 2025");
    expect(result.text).toContain("992 EUR per month");
    expect(result.text).toContain("Source: How much money must be in the blocked account for 2026? (last reviewed 2026-11-21)");
    expect(result.text).toMatch(/\[Federal Foreign Office[^\]]*\]\(https:\/\/www\.auswaertiges-amt\.de\//);
    expect(result.finishReason).toBe("stop");
    expect(result.response.modelId).toBe("local-knowledge");
  });

  it("answers only with text taken from the knowledge base", async () => {
    for (const question of [
      BLOCKED_ACCOUNT_QUESTION,
      "How many hours can I work as an international student?",
      "What is the minimum salary for the EU Blue Card in 2026?",
      "can i appeal a visa rejection",
      "How much does health insurance cost for students?",
    ]) {
      const { text } = await ask(question);
      const lines = quotedLines(text);
      expect(lines.length, question).toBeGreaterThan(0);
      for (const line of lines) {
        // A paragraph is several quoted sentences in a row.
        for (const sentence of splitSentences(line)) expect(isQuoted(normalize(sentence)), `${question}: "${sentence}"`).toBe(true);
      }
      expect(text, question).toMatch(/^Source: .+ \(last reviewed \d{4}-\d{2}-\d{2}\)/m);
    }
  });

  it("picks the facts the question asks for", async () => {
    expect((await ask("What is the minimum wage in Germany in 2026?")).text).toContain("13.90 euros gross per hour from 1 January 2026");
    expect((await ask("How much is the German student visa fee?")).text).toContain("75 EUR");
    const workLimits = (await ask("How many days can I work per year on a student residence permit?")).text;
    expect(workLimits).toMatch(/140 full days or 280 half days/);
    const refusal = (await ask("can i appeal a visa rejection")).text;
    // A list of options is quoted whole, not cut after the first one.
    expect(refusal).toContain("lawsuit at the Administrative Court of Berlin");
    expect(refusal).toContain("new visa application");
  });

  it("says plainly that it does not know, and suggests questions it can answer", async () => {
    const { text } = await ask("What is the capital of Peru?");
    expect(text).toMatch(/^I don't know\./);
    expect(text).not.toMatch(/Lima|Source:/);
    const suggestions = text.split("\n").filter((line) => line.startsWith("- "));
    expect(suggestions.length).toBe(3);
    const threadQuestions = (await database.db.threadQuestion.findMany({ select: { text: true } })).map((q) => q.text);
    for (const suggestion of suggestions) expect(threadQuestions).toContain(suggestion.slice(2));
  });

  it("greets back with examples of what to ask", async () => {
    const { text } = await ask("Hello!");
    expect(text).toMatch(/^Hello! I answer questions about studying and moving to Germany/);
    expect(text.split("\n").filter((line) => line.startsWith("- "))).toHaveLength(3);
  });

  it("reads a short follow-up together with the previous question", async () => {
    const first = await ask("How much money do I need in a blocked account?");
    const messages: ModelMessage[] = [
      { role: "user", content: "How much money do I need in a blocked account?" },
      { role: "assistant", content: first.text },
      { role: "user", content: "and for a language course?" },
    ];
    const { text } = await generateText({ model: model(), messages });
    expect(text).toContain("1,091 EUR");
  });

  it("streams the answer in parts and reports real token usage", async () => {
    const result = streamText({ model: model(), system: "Be brief.", prompt: BLOCKED_ACCOUNT_QUESTION });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    const text = deltas.join("");
    expect(deltas.length).toBeGreaterThan(10);
    expect(text).toBe(await result.text);
    const usage = await result.usage;
    expect(usage.outputTokens).toBe(countTokens(text));
    expect(usage.inputTokens).toBe(countTokens("Be brief.") + countTokens(BLOCKED_ACCOUNT_QUESTION));
    expect(await result.finishReason).toBe("stop");
  });

  it("stops at the caller's token budget", async () => {
    const result = await generateText({ model: model(), prompt: BLOCKED_ACCOUNT_QUESTION, maxOutputTokens: 12 });
    expect(result.finishReason).toBe("length");
    expect(result.usage.outputTokens).toBeLessThanOrEqual(12);
    expect(result.text.length).toBeGreaterThan(0);
  });

  it("stops streaming when the request is aborted", async () => {
    const controller = new AbortController();
    const result = streamText({ model: model(), prompt: BLOCKED_ACCOUNT_QUESTION, abortSignal: controller.signal, onError: () => {} });
    const deltas: string[] = [];
    for await (const delta of result.textStream) {
      deltas.push(delta);
      if (deltas.length === 3) controller.abort();
    }
    expect(deltas.length).toBeLessThan(6);
  });
});
