import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guidePath, guideSectionHref, sectionAnchor } from "~/lib/guides";
import { readKnowledgeBase } from "~/server/rag/articles";
import { callerFor } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(() => t?.stop());

const visitor = () => callerFor(t.db, null);

describe("guides as pages", () => {
  it("every article of the knowledge base has a page with its sections, their sources and its review date, and is in the sitemap", async () => {
    const articles = await t.db.knowledgeArticle.findMany({
      where: { hidden: false },
      select: { slug: true, topic: true, lastReviewed: true },
    });
    expect(articles.length).toBeGreaterThanOrEqual(readKnowledgeBase().length);
    const sitemap = new Set((await visitor().content.sitemap()).map((entry) => entry.path));
    for (const article of articles) {
      const guide = await visitor().content.guide({ topic: article.topic, slug: article.slug });
      expect(guide, article.slug).not.toBeNull();
      expect(guide!.lastReviewed).toBe(article.lastReviewed);
      expect(guide!.sections.length, article.slug).toBeGreaterThan(0);
      for (const section of guide!.sections) expect(section.sources.length, `${article.slug}: ${section.heading}`).toBeGreaterThan(0);
      expect(sitemap.has(guidePath(article.topic, article.slug)), article.slug).toBe(true);
    }
  });

  it("every passage the assistant can quote links to a section that is on its guide's page", async () => {
    const passages = await t.db.knowledgePassage.findMany({
      where: { article: { hidden: false } },
      select: { heading: true, article: { select: { slug: true, topic: true } } },
    });
    const anchorsOf = new Map<string, Set<string>>();
    for (const passage of passages) {
      const { slug, topic } = passage.article;
      if (!anchorsOf.has(slug)) {
        const guide = await visitor().content.guide({ topic, slug });
        const anchors = new Set<string>();
        for (const section of guide!.sections) {
          if (!section.heading) continue;
          anchors.add(sectionAnchor(section.heading));
          for (const [, sub] of section.markdown.matchAll(/^#{3,6} (.+)$/gm)) anchors.add(sectionAnchor(`${section.heading}: ${sub}`));
        }
        anchorsOf.set(slug, anchors);
      }
      const href = guideSectionHref(topic, slug, passage.heading);
      const anchor = href.split("#")[1];
      if (anchor) expect(anchorsOf.get(slug)!.has(anchor), `${href} (${passage.heading})`).toBe(true);
    }
  });

  it("a section names the sources its marker gives, and keeps its tables and sub-headings", async () => {
    const guide = await visitor().content.guide({ topic: "finances", slug: "finances-blocked-account-amount-2026" });
    const current = guide!.sections.find((section) => section.heading === "The current amount")!;
    expect(current.markdown).toContain("11,904 EUR");
    expect(current.sources.length).toBeLessThan(guide!.sources.length);
    expect(current.sources[0]!.url).toMatch(/^https?:\/\//);
    expect(guide!.tool).toEqual({ name: "Cost Calculator", href: "/tools/cost-calculator" });
    expect(guide!.related.length).toBeGreaterThan(0);
    expect(guide!.related.every((related) => related.slug !== guide!.slug)).toBe(true);
  });

  it("a topic lists its guides with summaries; a city's cost guide opens the calculator on that city", async () => {
    const topic = await visitor().content.topicGuides({ topic: "cost-of-living" });
    expect(topic!.topic.title).toBeTruthy();
    expect(topic!.guides.length).toBeGreaterThan(3);
    expect(topic!.guides.every((guide) => guide.summary.length > 20 && guide.summary.length <= 221)).toBe(true);
    const city = topic!.guides.find((guide) => guide.slug.startsWith("city-"))!;
    const page = await visitor().content.guide({ topic: "cost-of-living", slug: city.slug });
    expect(page!.tool!.href).toBe(`/tools/cost-calculator?city=${city.slug.slice("city-".length)}`);
  });

  it("an edit by staff shows at once; a hidden article, a wrong topic and an unknown topic show nothing", async () => {
    const slug = "finances-opening-a-bank-account";
    const article = await t.db.knowledgeArticle.findUniqueOrThrow({ where: { slug } });
    await t.db.knowledgeArticle.update({ where: { slug }, data: { body: `${article.body}\n\n## Edited by staff\n\nA new paragraph.` } });
    const edited = await visitor().content.guide({ topic: "finances", slug });
    expect(edited!.sections.at(-1)).toMatchObject({ heading: "Edited by staff", markdown: "A new paragraph." });

    await t.db.knowledgeArticle.update({ where: { slug }, data: { hidden: true } });
    expect(await visitor().content.guide({ topic: "finances", slug })).toBeNull();
    expect((await visitor().content.topicGuides({ topic: "finances" }))!.guides.map((g) => g.slug)).not.toContain(slug);
    expect((await visitor().content.sitemap()).map((entry) => entry.path)).not.toContain(guidePath("finances", slug));
    await t.db.knowledgeArticle.update({ where: { slug }, data: { hidden: false, body: article.body } });

    expect(await visitor().content.guide({ topic: "visa", slug })).toBeNull();
    expect(await visitor().content.topicGuides({ topic: "no-such-topic" })).toBeNull();
    await expect(visitor().content.guide({ topic: "finances", slug: "Not A Slug!" })).rejects.toThrow();
  });
});

describe("the guide search", () => {
  it("finds the sections the assistant would answer from, German and typos included, and nothing for what no guide covers", async () => {
    for (const query of ["blocked account amount", "Wie viel Geld muss auf das Sperrkonto?", "blokced acount amount"]) {
      const results = await visitor().content.searchGuides({ q: query });
      expect(results[0]?.href, query).toMatch(/^\/students\/finances\/finances-blocked-account-amount-2026#/);
      expect(results[0]!.excerpt.length).toBeLessThanOrEqual(241);
      expect(results[0]!.excerpt).not.toContain("**");
    }
    expect(await visitor().content.searchGuides({ q: "cat vaccinations at the vet" })).toEqual([]);
    await expect(visitor().content.searchGuides({ q: "a" })).rejects.toThrow("Type at least 2 characters to search the guides");
  });
});

describe("the sitemap", () => {
  it("lists the public pages, the topics, universities and no private page", async () => {
    const paths = (await visitor().content.sitemap()).map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(["/", "/students", "/pricing", "/students/visa", "/tools/university-finder"]));
    expect(paths.some((path) => path.startsWith("/tools/university-finder/"))).toBe(true);
    expect(paths.filter((path) => /^\/(?:admin|profile|billing)/.test(path))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
