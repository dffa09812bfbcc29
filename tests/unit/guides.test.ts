import { describe, expect, it } from "vitest";
import { askAboutGuideHref, guideSectionHref, sectionAnchor } from "~/lib/guides";
import { guideLinks } from "~/server/ai/prompt";
import type { RetrievedPassage } from "~/server/rag/retrieval-types";

describe("sectionAnchor", () => {
  it.each([
    ["The current amount", "the-current-amount"],
    ["Why this number?", "why-this-number"],
    ["Ausländerbehörde: Fiktionsbescheinigung", "auslanderbehorde-fiktionsbescheinigung"],
    ["Straße & Gebühren (2026)", "strasse-gebuhren-2026"],
    ["???", "section"],
  ])("%s -> %s", (heading, anchor) => {
    expect(sectionAnchor(heading)).toBe(anchor);
  });
});

describe("guide links", () => {
  it("a section's address, and the chat asked about a guide without its bracketed keywords", () => {
    expect(guideSectionHref("visa", "visa-documents-checklist", "Money and insurance")).toBe(
      "/students/visa/visa-documents-checklist#money-and-insurance",
    );
    expect(guideSectionHref("visa", "visa-documents-checklist", null)).toBe("/students/visa/visa-documents-checklist");
    expect(askAboutGuideHref("How many hours can I work? (140/280-day rule)")).toBe("/swipe-ai?message=How+many+hours+can+I+work%3F");
  });

  it("an answer links each quoted section once, best first, three at most", () => {
    const passage = (articleSlug: string, heading: string | null): RetrievedPassage => ({
      id: `${articleSlug}-${heading}`,
      articleSlug,
      articleTitle: `Title of ${articleSlug}`,
      topic: "work",
      heading,
      text: "",
      score: 1,
      lastReviewed: "2026-11-28",
      sources: [],
    });
    expect(guideLinks([passage("a", "One"), passage("a", "One"), passage("b", null), passage("c", "Two"), passage("d", "Three")])).toEqual([
      { title: "One", href: "/students/work/a#one" },
      { title: "Title of b", href: "/students/work/b" },
      { title: "Two", href: "/students/work/c#two" },
    ]);
  });
});
