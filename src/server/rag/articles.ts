/** Knowledge-base articles (src/content/knowledge-base/<topic>/<slug>.md) read, validated and cut into passages. */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { z } from "zod";
import { type ArticleSource, articleFrontMatterSchema, introSourcesMarker, sectionSourcesProblems } from "~/lib/schemas/knowledge";
import { CONTENT_DIR } from "~/server/content/files";
import { cityArticleSources } from "./city-articles";
import { type Block, parseBlocks, wordCount } from "./markdown";
import { SEARCH_TEXT_FORMAT, stripMarkdown } from "./text";

/** The file digest of a stored article hash, "<SEARCH_TEXT_FORMAT>:<digest>" (or, from before the format was kept, the digest alone). */
export function fileDigestOf(hash: string): string {
  return hash.slice(hash.indexOf(":") + 1);
}

const KNOWLEDGE_BASE_DIR = path.join(CONTENT_DIR, "knowledge-base");

/** The front matter's rules live with the editor's (src/lib/schemas/knowledge.ts): files and /admin agree. */
export type { ArticleSource } from "~/lib/schemas/knowledge";

export interface ArticlePassage {
  position: number;
  heading: string | null;
  text: string;
  /** The article's sources (numbered from 1) that back the passage's section; empty: all of them. */
  sourceNumbers: number[];
}

export interface KnowledgeArticleFile extends z.infer<typeof articleFrontMatterSchema> {
  body: string;
  contentHash: string;
  passages: ArticlePassage[];
}

/** Past this many words a section is split, so that a passage stays one focused piece of text. */
const MAX_PASSAGE_WORDS = 170;

export function parseArticle(source: string, fileName = "article"): KnowledgeArticleFile {
  const { data, content } = matter(source);
  const parsed = articleFrontMatterSchema.safeParse(data);
  if (!parsed.success) throw new Error(`Invalid knowledge-base article ${fileName}: ${z.prettifyError(parsed.error)}`);
  const body = content.trim();
  const problems = sectionSourcesProblems(body, parsed.data.sources.length);
  if (problems.length) throw new Error(`Invalid knowledge-base article ${fileName}: ${problems.join("; ")}`);
  return {
    ...parsed.data,
    body,
    // The seed writes an article again when its file or the search text format changed.
    contentHash: `${SEARCH_TEXT_FORMAT}:${createHash("sha256").update(source).digest("hex")}`,
    passages: chunkArticle(body),
  };
}

/** The articles of the files of `dir` and, for the repository's knowledge base, the generated city articles. */
export function readKnowledgeBase(dir = KNOWLEDGE_BASE_DIR, { generated = dir === KNOWLEDGE_BASE_DIR } = {}): KnowledgeArticleFile[] {
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .sort();
  const articles = files.map((name) => parseArticle(fs.readFileSync(path.join(dir, name), "utf8"), name));
  if (generated) articles.push(...cityArticleSources().map(({ name, source }) => parseArticle(source, name)));
  const twin = articles.find((article, i) => articles.findIndex((a) => a.slug === article.slug) < i);
  if (twin) throw new Error(`Two knowledge-base articles use the slug ${twin.slug}`);
  return articles;
}

/**
 * Sections by heading, split between blocks past MAX_PASSAGE_WORDS. A section keeps its heading's
 * sources marker, a sub-section without one its section's, the introduction the body's first line's.
 */
export function chunkArticle(body: string): ArticlePassage[] {
  const sections: { heading: string | null; sourceNumbers: number[]; blocks: Block[] }[] = [];
  let h2: string | null = null;
  let h2Sources: number[] = [];
  for (const block of parseBlocks(body)) {
    if (block.kind === "heading") {
      if (block.level <= 2) {
        h2 = block.text;
        h2Sources = block.sources ?? [];
      }
      const heading = block.level <= 2 || !h2 ? block.text : `${h2}: ${block.text}`;
      sections.push({ heading, sourceNumbers: block.sources ?? (block.level <= 2 ? [] : h2Sources), blocks: [] });
      continue;
    }
    if (!sections.length) sections.push({ heading: null, sourceNumbers: introSourcesMarker(body) ?? [], blocks: [] });
    sections[sections.length - 1]!.blocks.push(block);
  }

  const passages: ArticlePassage[] = [];
  for (const section of sections) {
    let current: string[] = [];
    let words = 0;
    const flush = () => {
      if (current.length)
        passages.push({
          position: passages.length,
          heading: section.heading,
          text: current.join("\n\n"),
          sourceNumbers: section.sourceNumbers,
        });
      current = [];
      words = 0;
    };
    for (const block of section.blocks) {
      const markdown = block.raw;
      const blockWords = wordCount(markdown);
      // Keep a lead-in line ("You need:") together with the list it introduces.
      const introducesNext = block.kind === "paragraph" && markdown.trim().endsWith(":");
      if (current.length && words + blockWords > MAX_PASSAGE_WORDS && !current.at(-1)!.trim().endsWith(":")) flush();
      current.push(markdown);
      words += blockWords;
      if (!introducesNext && words >= MAX_PASSAGE_WORDS) flush();
    }
    flush();
  }
  return passages;
}

/** A section of an article as a reader sees it: its heading (none for the introduction), its Markdown and the sources behind it. */
export interface ArticleSection {
  heading: string | null;
  markdown: string;
  sources: ArticleSource[];
}

/** The article cut at its top-level headings, for reading on a page, each section with its marker's sources (else the article's). */
export function articleSections(body: string, sources: ArticleSource[]): ArticleSection[] {
  const sections: { heading: string | null; sourceNumbers: number[]; blocks: string[] }[] = [];
  for (const block of parseBlocks(body)) {
    if (block.kind === "heading" && block.level <= 2) {
      sections.push({ heading: block.text, sourceNumbers: block.sources ?? [], blocks: [] });
      continue;
    }
    if (!sections.length) sections.push({ heading: null, sourceNumbers: introSourcesMarker(body) ?? [], blocks: [] });
    sections[sections.length - 1]!.blocks.push(block.kind === "heading" ? `${"#".repeat(block.level)} ${block.text}` : block.raw);
  }
  return sections
    .filter((section) => section.blocks.length || section.heading)
    .map((section) => ({
      heading: section.heading,
      markdown: section.blocks.join("\n\n"),
      sources: passageSources(sources, section.sourceNumbers),
    }));
}

/** Markdown as the plain text a reader sees (link texts, no markup), cut at a word near `maxChars`. */
export function plainExcerpt(markdown: string, maxChars: number): string {
  const text = stripMarkdown(markdown).replace(/\s+/g, " ").trim();
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[\s,;:.(-]+$/, "")}…`;
}

/** What an article is about, for a list of guides: its first paragraph, cut at a word near `maxChars`. */
export function articleSummary(body: string, maxChars = 220): string {
  const first = parseBlocks(body).find((block) => block.kind === "paragraph");
  return first ? plainExcerpt(first.raw, maxChars) : "";
}

/** The sources of a passage: those its section's marker names, else all of the article's. */
export function passageSources(sources: ArticleSource[], sourceNumbers: number[]): ArticleSource[] {
  const named = sourceNumbers.map((n) => sources[n - 1]).filter((source): source is ArticleSource => Boolean(source));
  return named.length ? named : sources;
}
