/**
 * Questions the tools' data answers, asked through the chat: the local model states the figures with
 * their sources and checked dates, and the answer carries a card that opens the tool pre-filled with
 * the question's values. A hosted model gets the same data as context and the same card.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_TOOL_LINKS, type ToolLink } from "~/lib/schemas/chat";
import { seedTools } from "~/server/content/tools";
import type { TestDatabase } from "../../helpers/test-database";
import { answerText, ask, parseUiStream, postChat, type StreamRoute, setUpChat, setUpHostedChat } from "../chat-helpers";

const metadataOf = (chunks: ReturnType<typeof parseUiStream>) =>
  chunks.find((chunk) => chunk.type === "start")?.messageMetadata as { toolLinks?: ToolLink[] } | undefined;

describe("answers from the tools' data, local model", () => {
  let database: TestDatabase;
  let chatRag: StreamRoute;

  beforeAll(async () => {
    for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "DEEPSEEK_API_KEY"]) delete process.env[name];
    ({ database, chatRag } = await setUpChat());
    await seedTools(database.db);
  });
  afterAll(async () => {
    await database?.stop();
  });

  async function askChat(question: string, session: string) {
    const response = await postChat(chatRag, { messages: ask(question), chatModel: "local" }, { headers: { "x-session-id": session } });
    expect(response.status).toBe(200);
    const chunks = parseUiStream(await response.text());
    return { text: answerText(chunks), metadata: metadataOf(chunks) };
  }

  it("answers the rent in Munich with the calculator's figures, their sources and dates, and a card to the calculator for Munich", async () => {
    const { text, metadata } = await askChat("how much is rent in münchen", "tools-session-rent");
    expect(text).toContain("€315 per month");
    expect(text).toContain("from €600 per month");
    expect(text).toMatch(
      /\[TUM Department of Electrical and Computer Engineering - MSCE: Financial issues\]\(https:\/\/www\.ei\.tum\.de\/[^)]*\), checked 23 November 2026/,
    );
    expect(text).toContain("Source: Living costs in Munich for students (last reviewed 2026-11-23)");
    expect(metadata?.toolLinks).toEqual([
      expect.objectContaining({
        tool: "cost-calculator",
        href: "/tools/cost-calculator?city=munich",
        values: [{ label: "City", value: "Munich" }],
      }),
    ]);
  });

  it("answers each question of a long post from its own tool's data, with what the post says of the asker", async () => {
    // The post's questions are answered one by one, each with its tool's data through the local model's tools port;
    // the nationality and the course the story names fill in what the visa question leaves out.
    const { text, metadata } = await askChat(
      "Hello everyone, I am from Nigeria and I got an offer for a language course in Munich, starting in spring next year. How much is the rent for a room in Munich? Do I need a visa for it?",
      "tools-session-post",
    );
    expect(text).toContain("What students pay in Munich (Bavaria), from the Cost Calculator's sourced figures:");
    expect(text).toContain("You need a national (D) visa from the German mission before entry.");
    // A card for each tool the answer used.
    expect(metadata?.toolLinks?.map((link) => link.tool)).toEqual(["cost-calculator", "visa-checker"]);
  });

  it("keeps at most the cards a message may carry when a post's questions bring more", async () => {
    const { metadata } = await askChat(
      "Hi, I am from Nigeria and want to do a master's. How much is rent in Munich, Berlin and Hamburg? Do I need a visa? Which scholarships can I get?",
      "tools-session-many-cards",
    );
    expect(metadata?.toolLinks).toHaveLength(MAX_TOOL_LINKS);
    expect(metadata?.toolLinks?.map((link) => link.href)).toEqual([
      "/tools/cost-calculator?city=munich",
      "/tools/cost-calculator?city=berlin",
      "/tools/cost-calculator?city=hamburg",
      expect.stringMatching(/^\/tools\/visa-checker\?nationality=NG/),
    ]);
  });

  it("answers a visa question for a nationality and purpose with the checker's rules and a card with both values", async () => {
    const { text, metadata } = await askChat("visa for nigerian for language course", "tools-session-visa");
    expect(text).toContain("You need a national (D) visa from the German mission before entry.");
    expect(text).toContain("11,904 € a year");
    expect(text).toMatch(/auswaertiges-amt\.de[^)]*\), checked 23 November 2026/);
    expect(metadata?.toolLinks?.[0]).toMatchObject({
      tool: "visa-checker",
      href: "/tools/visa-checker?nationality=NG&purpose=language-course",
    });
  });

  it("answers scholarships for a level and nationality, and a university's tuition, each with its card", async () => {
    const scholarships = await askChat("scholarships for master students from pakistan", "tools-session-scholarships");
    expect(scholarships.text).toMatch(/Scholarships for master's students from Pakistan in the Scholarship Search \(\d+ match/);
    expect(scholarships.metadata?.toolLinks?.[0]).toMatchObject({
      tool: "scholarship-search",
      href: "/tools/scholarship-search?level=master&nationality=PK",
    });

    const tuition = await askChat("tuition at heidelberg", "tools-session-tuition");
    expect(tuition.text).toContain("1,500 euros per semester");
    expect(tuition.metadata?.toolLinks?.[0]).toMatchObject({
      tool: "university-finder",
      href: "/tools/university-finder/ruprecht-karls-universitaet-heidelberg",
    });
  });

  it("answers a follow-up about another city from the same tool", async () => {
    const response = await postChat(
      chatRag,
      {
        messages: [...ask("how much is rent in munich"), { role: "assistant", content: "..." }, ...ask("and in Leipzig?")],
        chatModel: "local",
      },
      { headers: { "x-session-id": "tools-session-follow-up" } },
    );
    const chunks = parseUiStream(await response.text());
    expect(answerText(chunks)).toContain("€197.50 per month");
    expect(metadataOf(chunks)?.toolLinks?.[0]?.href).toBe("/tools/cost-calculator?city=leipzig");
  });

  it("leaves questions no tool answers to the knowledge base, without a card", async () => {
    const { text, metadata } = await askChat(
      "How much money do I need in a blocked account for a German student visa?",
      "tools-session-kb",
    );
    expect(text).toContain("11,904");
    expect(metadata?.toolLinks).toBeUndefined();
  });

  it("reads a city named beside another subject as where the asker lives: the knowledge base answers, not the city's costs", async () => {
    const { text, metadata } = await askChat(
      "I start my master's in Leipzig in April and my uncle says I need a special bank account. How much money has to be in it?",
      "tools-session-city-beside",
    );
    expect(text).toContain("11,904");
    expect(text).not.toContain("What students pay in Leipzig");
    expect(metadata?.toolLinks).toBeUndefined();
    // Asked about the city's costs, the same city still gets the calculator's figures.
    const rent = await askChat("How much is a room in Leipzig?", "tools-session-city-rent");
    expect(rent.text).toContain("What students pay in Leipzig");
  });

  it("lets only the words a question of a post asks decide the tool, not the sentence before it that the question points to", async () => {
    const { text, metadata } = await askChat(
      "I will start my master's in Munich in October and I found a cheap room with a rent of 650 euros. Can I work there as a student to pay for it? How long does the student visa take?",
      "tools-session-context",
    );
    expect(text).toContain("**Can I work there as a student to pay for it?**");
    expect(text).not.toContain("What students pay in Munich");
    // No card for a tool the answer did not use.
    expect(metadata?.toolLinks).toBeUndefined();
  });
});

describe("answers from the tools' data, hosted model", () => {
  let hosted: Awaited<ReturnType<typeof setUpHostedChat>>;

  beforeAll(async () => {
    hosted = await setUpHostedChat();
    await seedTools(hosted.database.db);
  });
  afterAll(async () => {
    await hosted?.stop();
  });

  it("sends the tool data as context and attaches the same card", async () => {
    const response = await postChat(
      hosted.chat,
      { messages: ask("cost of living leipzig"), chatModel: "openai" },
      { headers: { "x-session-id": "tools-session-hosted" } },
    );
    expect(response.status).toBe(200);
    const chunks = parseUiStream(await response.text());
    expect(metadataOf(chunks)?.toolLinks?.[0]?.href).toBe("/tools/cost-calculator?city=leipzig");
    const sent = JSON.stringify(hosted.fake.requests.at(-1)!.body.messages);
    expect(sent).toContain("--- Tool data ---");
    expect(sent).toContain("€197.50 per month");
    expect(sent).toContain("checked 23 November 2026");
  });
});
