import { generateText, type ModelMessage, streamText } from "ai";
import { countTokens } from "gpt-tokenizer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalKnowledgeModel, readTokenCount } from "~/server/ai/local-model";
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
  // The full seed step: the knowledge base is loaded by the line in src/server/seed.ts.
  delete process.env.OPENAI_API_KEY;
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.stop();
});

const model = () => createLocalKnowledgeModel(database.db, { embeddings: null });
const ask = (question: string) => generateText({ model: model(), prompt: question });

/** The lines of an answer without its source lines and framing; a bold label before a quote is its own line. */
const LIST_ENDING = /^_(?:That is the whole list the article gives|The article lists \d+ more items?)\b.*_$/;

function quotedLines(answer: string): string[] {
  return (
    answer
      .split("\n")
      // The answerer's own words: the source lines, the preface when unsure, and where a quoted list ends.
      .filter((line) => line.trim() && !line.startsWith("Source: ") && !line.startsWith("I am not fully sure") && !LIST_ENDING.test(line))
      .flatMap((line) => {
        const labelled = /^\*\*([^*]+):\*\* (.*)$/.exec(line);
        return labelled ? [labelled[1]!, labelled[2]!] : [line.replace(/^(?:-|\d+\.) /, "")];
      })
      .map((line) => normalize(line).replace(/:$/, ""))
  );
}

describe("the local knowledge-base model", () => {
  it("answers the blocked-account question with the current amount, its year and its dated source", async () => {
    const result = await ask(BLOCKED_ACCOUNT_QUESTION);
    expect(result.text).toContain("11,904 EUR per year");
    expect(result.text).toContain("from 1 January 2025");
    expect(result.text).toContain("992 EUR per month");
    expect(result.text).toContain(
      "Source: How much money must be in the blocked account for a student visa in 2026? (last reviewed 2026-11-21)",
    );
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

  describe("answers the starter questions users click on helpfully", () => {
    /** The article titles an answer cites, in order. */
    const citedTitles = (text: string) => [...text.matchAll(/^Source: (.+) \(last reviewed \d{4}-\d{2}-\d{2}\)/gm)].map((m) => m[1]!);
    const titleOf = (slug: string) => readKnowledgeBase().find((a) => a.slug === slug)!.title;
    const expectQuoted = (question: string, text: string) => {
      for (const line of quotedLines(text)) {
        for (const sentence of splitSentences(line)) expect(isQuoted(normalize(sentence)), `${question}: "${sentence}"`).toBe(true);
      }
    };

    it("quotes the checklist, in order, when asked which documents are needed", async () => {
      const question = "What documents do I need for a German student visa?";
      const { text } = await ask(question);
      expectQuoted(question, text);
      expect(citedTitles(text)[0]).toBe(titleOf("visa-documents-checklist"));
      const items = text
        .split("\n")
        .filter((line) => line.startsWith("- "))
        .map(normalize);
      expect(items.length).toBeGreaterThanOrEqual(6);
      const position = (start: string) => items.findIndex((item) => item.startsWith(start));
      for (const start of ["Passport", "Application form", "Biometric passport photos", "Admission letter", "APS certificate"]) {
        expect(position(start), start).toBeGreaterThanOrEqual(0);
      }
      expect(position("Passport")).toBeLessThan(position("Application form"));
      expect(position("Application form")).toBeLessThan(position("Admission letter"));
      // The whole checklist, the money and insurance too, and where it ends.
      expect(position("Admission letter")).toBeLessThan(position("Proof of financial resources"));
      expect(position("Health insurance")).toBeGreaterThan(position("Proof of financial resources"));
      expect(text).toMatch(
        /^_That is the whole list the article gives under “Personal documents”, “Study documents” and “Money and insurance”\._$/m,
      );
      expect(text).not.toMatch(/^- Documents not in German or English/m);
    });

    it("answers staying after graduation with the 18-month job-search permit", async () => {
      const question = "Can I stay in Germany after graduation to look for a job?";
      const { text } = await ask(question);
      expectQuoted(question, text);
      expect(citedTitles(text)[0]).toBe(titleOf("after-graduation-18-month-job-search-permit"));
      expect(citedTitles(text)).not.toContain(titleOf("after-graduation-opportunity-card-chancenkarte"));
      expect(text).toContain("do not have to leave Germany when their study permit ends");
      expect(text).toContain("up to 18 months");
      expect(text).not.toContain("12 months");
    });

    it("answers a German question by an international student about working with the work limits, not internships", async () => {
      // "internationale" must not pull in "internship" (the English stem of "international" is "intern").
      const { text } = await ask("Darf ich als internationale Studentin neben dem Studium arbeiten und wie viele Stunden?");
      expect(citedTitles(text)[0]).toBe(titleOf("work-student-hour-limits"));
      expect(text).toContain("140 full days or 280 half days per calendar year");
      expect(text).toContain("up to 20 hours per week during the lecture period");
    });

    it("answers how long opening a blocked account takes, in English and in German, from its steps", async () => {
      for (const question of [
        "I need a blocked account for my visa. How long does it take to open one?",
        "Wie viel Geld muss ich für das Sperrkonto nachweisen und wie lange dauert die Eröffnung?",
      ]) {
        const { text } = await ask(question);
        expect(text, question).toContain("Start 4 to 6 weeks before your visa appointment to be safe.");
        expect(citedTitles(text), question).toContain(titleOf("finances-blocked-account-how-it-works"));
      }
    });

    it("answers both questions of a post on a permit that runs out before the appointment: the apply-in-time rule and travelling with the certificate", async () => {
      const { text } = await ask(
        "My residence permit runs out in 3 weeks but the Ausländerbehörde has no appointments until next month. Will I be illegal? Can I still travel home for Christmas?",
      );
      const [, travel] = normalize(text).split("Can I still travel home for Christmas?");
      expect(normalize(text)).toContain("If you apply in time, your stay continues to be allowed until the authority decides");
      expect(travel).toContain("travel abroad and re-entry to Germany are possible in principle");
    });

    it("answers 'will I be illegal?' for a permit running out before the appointment with the apply-in-time rule", async () => {
      const { text } = await ask(
        "My residence permit runs out in 3 weeks but the Ausländerbehörde has no appointments until next month. Will I be illegal?",
      );
      expect(citedTitles(text)[0]).toBe(titleOf("visa-extending-or-changing-residence-permit"));
      expect(normalize(text)).toContain("If you apply in time, your stay continues to be allowed until the authority decides");
    });

    it("explains registering after arrival, not moving within Germany", async () => {
      const question = "How do I register my address (Anmeldung) after arriving?";
      const { text } = await ask(question);
      expectQuoted(question, text);
      expect(citedTitles(text)[0]).toBe(titleOf("arrival-anmeldung-address-registration"));
      const [duty, deadline] = splitSentences(quotedLines(text)[0]!);
      expect(duty).toBe("Everyone who moves into a flat or room in Germany must register their address.");
      expect(deadline).toContain("you must register within two weeks of moving in");
      expect(text).toContain("Book an appointment at the Bürgeramt");
      expect(text).toContain("Bring your passport with visa, the registration form and the Wohnungsgeberbestätigung");
      expect(text).not.toContain("Ummeldung");
    });

    it("lists what to bring when asked what one needs for the Anmeldung, not what the certificate is needed for", async () => {
      const question = "what do i need for anmeldung";
      const { text } = await ask(question);
      expectQuoted(question, text);
      const items = text
        .split("\n")
        .filter((line) => line.startsWith("- "))
        .map(normalize);
      expect(items[0]).toMatch(/^Passport/);
      expect(items.some((item) => item.startsWith("Wohnungsgeberbestätigung"))).toBe(true);
      expect(text).toMatch(/^_That is the whole list the article gives under “What to bring: the documents you need”\._$/m);
      expect(text).not.toContain("The Meldebescheinigung is needed for many next steps");
    });

    it("names the student applicant visa (Section 17) and its nine months, from the student visa article", async () => {
      for (const question of ["Which visa do I need as a student applicant?", "student applicant visa"]) {
        const { text } = await ask(question);
        expectQuoted(question, text);
        expect(citedTitles(text)[0], question).toBe(titleOf("visa-student-visa-section-16b"));
        expect(citedTitles(text), question).not.toContain(titleOf("language-course-visa"));
        expect(text, question).toMatch(/Section 17/);
        expect(text, question).toContain("nine months");
      }
    });

    it("gives the monthly budget figures, not one sentence, when asked what students spend", async () => {
      const question = "How much do students spend per month?";
      const { text } = await ask(question);
      expectQuoted(question, text);
      expect(citedTitles(text)[0]).toBe(titleOf("cost-of-living-monthly-budget"));
      const items = text
        .split("\n")
        .filter((line) => line.startsWith("- "))
        .map(normalize);
      for (const [cost, amount] of [
        ["Rent", "505 euros"],
        ["Health insurance", "140–150 euros a month"],
        ["Food", "200 euros a month"],
        ["Transport", "100 euros a month"],
      ]) {
        expect(
          items.find((item) => item.startsWith(`${cost}`)),
          cost,
        ).toContain(amount);
      }
    });

    it("gives the steps to a dorm room: the Studierendenwerk, applying early, the waiting list, the rent", async () => {
      const question = "How do I find a room in a student dorm?";
      const { text } = await ask(question);
      expectQuoted(question, text);
      expect(citedTitles(text)[0]).toBe(titleOf("accommodation-studierendenwerk-dorms"));
      // The steps, numbered in order.
      const items = text
        .split("\n")
        .filter((line) => /^\d+\. /.test(line))
        .map((line) => normalize(line.replace(/^\d+\. /, "")));
      expect(items.length).toBeGreaterThanOrEqual(4);
      expect(items[0]).toContain("Find the Studierendenwerk of your university town");
      expect(text).toContain("Apply as early as possible");
      expect(text).toContain("Expect a waiting list");
      expect(text).toContain("280 EUR a month including utilities");
    });

    it("states the two-week deadline whenever it explains the Anmeldung", async () => {
      for (const question of ["How do I register my address?", "Anmeldung", "How do I register my address after arriving in Germany?"]) {
        const { text } = await ask(question);
        expectQuoted(question, text);
        expect(quotedLines(text)[0], question).toMatch(/must register/);
        // Right after the duty, not somewhere down the answer.
        expect(splitSentences(quotedLines(text)[0]!).slice(0, 3).join(" "), question).toMatch(/must register within two weeks/);
      }
    });

    it("answers the deadline after moving in from the rule for moving in, not the one for moving out or away", async () => {
      const question = "How soon after moving in do I have to register my address?";
      const { text } = await ask(question);
      expectQuoted(question, text);
      const first = splitSentences(quotedLines(text)[0]!);
      expect(first[0]).toMatch(/moves into a flat or room in Germany must register/);
      expect(first.slice(0, 2).join(" ")).toMatch(/must register within two weeks of moving in/);
      expect(text).not.toContain("If you leave Germany for good");
      // Not one stray item of what the landlord's confirmation must include.
      expect(text).not.toContain("the names of all people who moved in");
    });

    it("answers the APS question of an Indian applicant directly, India first", async () => {
      const question = "Do I need an APS certificate as an Indian applicant?";
      const { text } = await ask(question);
      expectQuoted(question, text);
      expect(text).not.toMatch(/I am not fully sure/);
      expect(citedTitles(text)[0]).toBe(titleOf("admission-aps-certificate"));
      const first = splitSentences(quotedLines(text)[0]!)[0]!;
      expect(first).toContain("India");
      expect(first).toContain("you normally need an APS certificate");
      expect(text).toContain(
        "The German Missions in India announced that from **1 November 2022** the APS certificate is a mandatory part",
      );
      expect(text).not.toContain("Vietnam need an original APS certificate");
    });

    it("answers the cost of student health insurance from the dedicated article only", async () => {
      const question = "How much does student health insurance cost per month in 2026?";
      const { text } = await ask(question);
      expectQuoted(question, text);
      expect(citedTitles(text)).toEqual([titleOf("health-insurance-student-contribution-2026")]);
      expect(quotedLines(text)[0]).toContain("So in 2026 most students pay roughly 140 to 150 EUR per month");
      expect(text).not.toMatch(/Transport|Deutschlandsemesterticket|Deutschlandticket/);
    });

    it("leads an amount answer with the sentence that states it, with its unit, period and date", async () => {
      const cases: [question: string, lead: string][] = [
        ["How much does the Deutschlandticket cost?", "63 euros per month since 1 January 2026"],
        ["How much money must be in my blocked account?", "11,904 EUR per year, applying from 1 January 2025"],
        ["What is the mini-job earnings limit in 2026?", "603 euros a month in 2026"],
      ];
      for (const [question, lead] of cases) {
        const { text } = await ask(question);
        expectQuoted(question, text);
        // A labelled line ("**Deutschlandticket:** ...") counts as its label and its text.
        expect(quotedLines(text).slice(0, 2).join(" "), question).toContain(lead);
      }
    });

    it("gives the steps of a process in order, numbered", async () => {
      const question = "How do I apply for a student visa step by step?";
      const { text } = await ask(question);
      expectQuoted(question, text);
      expect(citedTitles(text)[0]).toBe(titleOf("visa-application-process-and-processing-time"));
      const steps = text.split("\n").filter((line) => /^\d+\. /.test(line));
      expect(steps.map((line) => line.slice(0, 3))).toEqual(["1. ", "2. ", "3. ", "4. ", "5. "]);
      expect(steps[0]).toContain("Register and fill in the online application");
      expect(steps[4]).toContain("follow the status of your application");
      expect(text).toMatch(/^_That is the whole list the article gives under “Online: the Consular Services Portal”\._$/m);
    });
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

  it("streams the answer in parts and reports what the person sees as usage: the question and the answer's read text", async () => {
    const result = streamText({ model: model(), system: "Be brief.", prompt: BLOCKED_ACCOUNT_QUESTION });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    const text = deltas.join("");
    expect(deltas.length).toBeGreaterThan(10);
    expect(text).toBe(await result.text);
    const usage = await result.usage;
    expect(usage.outputTokens).toBe(readTokenCount(text));
    // The link addresses and Markdown behind the answer are not read, so not counted.
    expect(text).toContain("](https://");
    expect(usage.outputTokens).toBeLessThan(countTokens(text));
    expect(usage.inputTokens).toBe(countTokens(BLOCKED_ACCOUNT_QUESTION));
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
    const result = streamText({
      model: model(),
      prompt: BLOCKED_ACCOUNT_QUESTION,
      abortSignal: controller.signal,
      onError: () => {},
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) {
      deltas.push(delta);
      if (deltas.length === 3) controller.abort();
    }
    expect(deltas.length).toBeLessThan(6);
  });
});
