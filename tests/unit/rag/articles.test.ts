import { describe, expect, it } from "vitest";
import { chunkArticle, parseArticle, readKnowledgeBase } from "~/server/rag/articles";
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
    for (const topic of ["admission", "language", "visa", "finances", "health-insurance", "accommodation", "cost-of-living", "arrival", "work", "scholarships", "after-graduation"]) {
      expect(topics).toContain(topic);
    }
  });

  it("is cut into focused passages that keep the article's text", () => {
    for (const article of articles) {
      for (const passage of article.passages) expect(wordCount(passage.text), `${article.slug} #${passage.position}`).toBeLessThanOrEqual(260);
      const words = (text: string) => text.replace(/^#+ .*$/gm, "").split(/\s+/).filter(Boolean).join(" ");
      expect(words(article.passages.map((p) => p.text).join("\n\n"))).toBe(words(article.body));
    }
  });
});

describe("parseArticle", () => {
  it("rejects an article without sources", () => {
    expect(() => parseArticle("---\ntitle: T\nslug: t\ntopic: visa\ncountry: DE\nlastReviewed: 2026-01-01\nsources: []\n---\nBody.", "t.md")).toThrow(
      /t\.md.*source/s,
    );
  });

  it("reads YAML dates as YYYY-MM-DD", () => {
    const article = parseArticle(
      "---\ntitle: T\nslug: t\ntopic: visa\ncountry: DE\nlastReviewed: 2026-03-04\nsources:\n  - title: S\n    url: https://example.org\n---\n## A\n\nText.",
    );
    expect(article.lastReviewed).toBe("2026-03-04");
    expect(article.passages).toEqual([{ position: 0, heading: "A", text: "Text." }]);
  });
});

describe("chunkArticle", () => {
  it("keeps a lead-in line with its list and names sub-sections after their section", () => {
    const passages = chunkArticle("## Limits\n\nYou may work:\n\n- 140 full days\n- 280 half days\n\n### How days are counted\n\nA half day is up to 4 hours.");
    expect(passages).toEqual([
      { position: 0, heading: "Limits", text: "You may work:\n\n- 140 full days\n- 280 half days" },
      { position: 1, heading: "Limits: How days are counted", text: "A half day is up to 4 hours." },
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
    expect(rows[0]).toMatchObject({ markdown: "Standard threshold (50% of the ceiling): **50,700 euros**", label: "Minimum gross salary per year" });
  });

  it("folds nested items into their parent item", () => {
    const [block] = parseBlocks("- **Shortage occupations**, for example:\n  - engineers,\n  - IT specialists.\n- Career starters");
    expect(block).toMatchObject({ kind: "list", items: [{ text: "**Shortage occupations**, for example:", children: ["engineers,", "IT specialists."] }, { text: "Career starters", children: [] }] });
    expect(answerUnits("- **Shortage occupations**, for example:\n  - engineers,\n  - IT specialists.").map((u) => u.plain)).toEqual([
      "Shortage occupations, for example: engineers, IT specialists.",
    ]);
  });
});
