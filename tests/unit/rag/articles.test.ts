import { describe, expect, it } from "vitest";
import { articleInputSchema, articleSaveSchema, sectionSourcesProblems, withoutComments } from "~/lib/schemas/knowledge";
import { chunkArticle, parseArticle, passageSources, readKnowledgeBase } from "~/server/rag/articles";
import { answerUnits, parseBlocks, wordCount } from "~/server/rag/markdown";

const articles = readKnowledgeBase();
const bySlug = (slug: string) => {
  const article = articles.find((a) => a.slug === slug);
  if (!article) throw new Error(`no article ${slug}`);
  return article;
};

describe("the knowledge base", () => {
  it("has at least 40 sourced, dated articles covering every topic thread", () => {
    expect(articles.length).toBeGreaterThanOrEqual(40);
    for (const article of articles) {
      expect(article.sources.length, article.slug).toBeGreaterThan(0);
      expect(article.lastReviewed, article.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(article.passages.length, article.slug).toBeGreaterThan(0);
    }
    const topics = new Set(articles.map((a) => a.topic));
    for (const topic of [
      "admission",
      "language",
      "visa",
      "finances",
      "health-insurance",
      "accommodation",
      "cost-of-living",
      "arrival",
      "work",
      "scholarships",
      "after-graduation",
    ]) {
      expect(topics).toContain(topic);
    }
  });

  it("is cut into focused passages that keep the article's text", () => {
    for (const article of articles) {
      for (const passage of article.passages)
        expect(wordCount(passage.text), `${article.slug} #${passage.position}`).toBeLessThanOrEqual(260);
      const words = (text: string) =>
        text
          .replace(/^#+ .*$/gm, "")
          .replace(/^<!--.*-->$/gm, "")
          .split(/\s+/)
          .filter(Boolean)
          .join(" ");
      expect(words(article.passages.map((p) => p.text).join("\n\n"))).toBe(words(article.body));
    }
  });
});

describe("parseArticle", () => {
  it("rejects an article without sources", () => {
    expect(() =>
      parseArticle("---\ntitle: T\nslug: t\ntopic: visa\ncountry: DE\nlastReviewed: 2026-01-01\nsources: []\n---\nBody.", "t.md"),
    ).toThrow(/t\.md.*source/s);
  });

  it("reads YAML dates as YYYY-MM-DD", () => {
    const article = parseArticle(
      "---\ntitle: T\nslug: t\ntopic: visa\ncountry: DE\nlastReviewed: 2026-03-04\nsources:\n  - title: S\n    url: https://example.org\n---\n## A\n\nText.",
    );
    expect(article.lastReviewed).toBe("2026-03-04");
    expect(article.passages).toEqual([{ position: 0, heading: "A", text: "Text.", sourceNumbers: [] }]);
  });
});

describe("chunkArticle", () => {
  it("keeps a lead-in line with its list and names sub-sections after their section", () => {
    const passages = chunkArticle(
      "## Limits\n\nYou may work:\n\n- 140 full days\n- 280 half days\n\n### How days are counted\n\nA half day is up to 4 hours.",
    );
    expect(passages).toEqual([
      { position: 0, heading: "Limits", text: "You may work:\n\n- 140 full days\n- 280 half days", sourceNumbers: [] },
      { position: 1, heading: "Limits: How days are counted", text: "A half day is up to 4 hours.", sourceNumbers: [] },
    ]);
  });
});

describe("answerUnits", () => {
  it("quotes sentences, list items and table rows of real passages", () => {
    const amount = bySlug("finances-blocked-account-amount-2026").passages[0]!;
    const units = answerUnits(amount.text);
    expect(units.map((u) => u.markdown)).toEqual(expect.arrayContaining(["Per year: **11,904 EUR**", "Per month: **992 EUR**"]));
    expect(units[0]!.kind).toBe("sentence");
    expect(units[0]!.plain).toContain("11,904 EUR per year");

    const blueCard = bySlug("after-graduation-eu-blue-card-2026").passages.find((p) => p.heading?.startsWith("Salary thresholds"))!;
    const rows = answerUnits(blueCard.text).filter((u) => u.kind === "row");
    expect(rows[0]).toMatchObject({
      markdown: "Standard threshold (50% of the ceiling): **50,700 euros**",
      label: "Minimum gross salary per year",
    });
  });

  it("folds nested items into their parent item", () => {
    const [block] = parseBlocks("- **Shortage occupations**, for example:\n  - engineers,\n  - IT specialists.\n- Career starters");
    expect(block).toMatchObject({
      kind: "list",
      items: [
        { text: "**Shortage occupations**, for example:", children: ["engineers,", "IT specialists."] },
        { text: "Career starters", children: [] },
      ],
    });
    expect(answerUnits("- **Shortage occupations**, for example:\n  - engineers,\n  - IT specialists.").map((u) => u.plain)).toEqual([
      "Shortage occupations, for example: engineers, IT specialists.",
    ]);
  });
});

describe("per-section sources", () => {
  const front = (sources: number) =>
    `---\ntitle: T\nslug: t\ntopic: finances\ncountry: DE\nlastReviewed: 2026-11-24\nsources:\n${Array.from({ length: sources }, (_, i) => `  - title: S${i + 1}\n    url: https://example.org/${i + 1}\n`).join("")}---\n`;

  it("reads the marker under a heading, numbering the front matter's sources from 1; no marker means all", () => {
    const body = [
      "Intro text.",
      "## How much you must show",
      "<!-- sources: 3, 1 -->",
      "From 1 January 2026 the amount is €11,904 per year (€992 per month).",
      "### For shorter stays",
      "Less, in proportion.",
      "### Paid out monthly",
      "<!-- sources: 2 -->",
      "At most €992 a month.",
      "## Where to check",
      "Ask your mission.",
    ].join("\n");
    const article = parseArticle(`${front(3)}${body}`, "t.md");
    expect(article.passages.map((p) => [p.heading, p.sourceNumbers, p.text])).toEqual([
      [null, [], "Intro text."],
      ["How much you must show", [1, 3], "From 1 January 2026 the amount is €11,904 per year (€992 per month)."],
      ["How much you must show: For shorter stays", [1, 3], "Less, in proportion."],
      ["How much you must show: Paid out monthly", [2], "At most €992 a month."],
      ["Where to check", [], "Ask your mission."],
    ]);
    const sources = article.sources;
    expect(passageSources(sources, [1, 3]).map((s) => s.title)).toEqual(["S1", "S3"]);
    // The introduction's marker is the body's first line.
    const introduced = parseArticle(`${front(3)}<!-- sources: 2 -->\n${body}`, "t.md");
    expect(introduced.passages.map((p) => [p.heading, p.sourceNumbers])).toEqual([
      [null, [2]],
      ["How much you must show", [1, 3]],
      ["How much you must show: For shorter stays", [1, 3]],
      ["How much you must show: Paid out monthly", [2]],
      ["Where to check", []],
    ]);
    expect(introduced.passages[0]!.text).toBe("Intro text.");
    expect(passageSources(sources, []).map((s) => s.title)).toEqual(["S1", "S2", "S3"]);
  });

  it("never quotes the comment, nor any other comment line", () => {
    const passages = chunkArticle("## A\n<!-- sources: 1 -->\n- one\n- two\n<!-- a note for writers -->\nText after.");
    expect(passages[0]!.text).not.toContain("<!--");
    expect(answerUnits(passages[0]!.text).map((u) => u.plain)).toEqual(["one", "two", "Text after."]);
    expect(withoutComments("## A\n<!-- sources: 1 -->\nText.")).toBe("## A\nText.");
  });

  it.each([
    ["## A\n<!-- sources: 1, 2 -->\nText.", 2, []],
    ["## A\n<!-- sources:1 -->\nText.", 1, []],
    [
      "## A\n<!-- sources: 1, 4 -->\nText.",
      3,
      ["Section “A” names source 4, but the article lists 3 sources (numbered from 1 in the order of the sources list)"],
    ],
    [
      "## A\n<!-- sources: 0 -->\nText.",
      1,
      ["Section “A” names source 0, but the article lists 1 source (numbered from 1 in the order of the sources list)"],
    ],
    [
      "## A\n<!-- sources: one -->\nText.",
      2,
      ["Line 2: the sources comment “<!-- sources: one -->” must list source numbers, for example <!-- sources: 1, 3 -->"],
    ],
    [
      "## A\nText.\n<!-- sources: 1 -->",
      2,
      ["Line 3: the sources comment “<!-- sources: 1 -->” must be the article's first line or on the line right under a heading (## …)"],
    ],
    [
      "Intro.\n<!-- sources: 1 -->\n## A\nText.",
      2,
      ["Line 2: the sources comment “<!-- sources: 1 -->” must be the article's first line or on the line right under a heading (## …)"],
    ],
    ["<!-- sources: 1 -->\nText.", 2, []],
    [
      "<!-- sources: 1 -->\n## A\nText.",
      2,
      [
        "Line 1: the sources comment “<!-- sources: 1 -->” on the first line names the introduction's sources, but no introduction follows it; put it on the line right under its heading (## …)",
      ],
    ],
    [
      "\n<!-- sources: 3 -->\nText.",
      2,
      ["The introduction names source 3, but the article lists 2 sources (numbered from 1 in the order of the sources list)"],
    ],
    ["## A\n<!-- a note -->\nText.", 1, []],
  ])("checks the markers of %j against %i sources", (body, count, problems) => {
    expect(sectionSourcesProblems(body, count)).toEqual(problems);
  });

  it("refuses an out-of-range source at seed time, naming the file, and in the editor's input", () => {
    expect(() => parseArticle(`${front(2)}## A\n<!-- sources: 3 -->\nText.`, "visa/t.md")).toThrow(
      /visa\/t\.md.*Section “A” names source 3, but the article lists 2 sources/s,
    );
    const input = {
      title: "T",
      slug: "t",
      topic: "visa",
      country: "DE",
      lastReviewed: "2026-11-01",
      sources: [{ title: "S", url: "https://example.org" }],
      note: "",
    };
    const refused = articleSaveSchema.safeParse({ ...input, body: "## A\n<!-- sources: 2 -->\nText." });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["body", "Section “A” names source 2, but the article lists 1 source (numbered from 1 in the order of the sources list)"],
    ]);
    expect(articleInputSchema.safeParse({ ...input, body: "## A\n<!-- sources: 1 -->\nText." }).success).toBe(true);
  });

  it("marks some articles of the knowledge base, within their sources", () => {
    const marked = articles.filter((a) => a.passages.some((p) => p.sourceNumbers.length));
    expect(marked.length).toBeGreaterThanOrEqual(3);
    const amount = bySlug("finances-blocked-account-amount-2026").passages.find((p) => p.heading === "Money above the minimum")!;
    expect(passageSources(bySlug("finances-blocked-account-amount-2026").sources, amount.sourceNumbers).map((s) => s.title)).toEqual([
      "City of Jena - Sperrkonto",
    ]);
  });
});
