import { z } from "zod";
import { listQuery } from "./admin";
import { latestToday, optionalText, requiredText } from "./common";

/**
 * Knowledge-base articles: the front matter of the repository's files (src/content/knowledge-base)
 * and the editor of /admin/knowledge share these rules, so an article saved by staff is one the
 * files could hold too.
 */
export const KNOWLEDGE_MESSAGES = {
  sourcesRequired: "Add at least one source: its title and address",
  sourceUrl: "A source's address must be a web address starting with http:// or https://",
  futureReview: "The review date cannot be in the future",
  bodyRequired: "Write the article's text",
  noPassages: "The article needs some text under its headings: headings alone give the assistant nothing to quote",
  slugTaken: "An article with this slug exists already: choose another slug",
  changedMeanwhile:
    "This article was saved by someone else since you opened it. Reload it to see their version, then make your change again.",
} as const;

export const ARTICLE_BODY_MAX = 100_000;
/** Articles whose review is older than this are flagged "review due". */
export const REVIEW_DUE_DAYS = 180;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const knowledgeSlugSchema = z
  .string({ error: "Slug is required" })
  .trim()
  .min(1, "Slug is required")
  .max(120, "The slug must be at most 120 characters")
  .regex(SLUG, "The slug may use lower-case letters, digits and single hyphens");

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isValidDay = (value: string) =>
  DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** A day as YYYY-MM-DD; YAML front matter may give it as a date, which is turned into that text. */
const isoDate = z
  .union([z.string(), z.date()], { error: "Dates must be written YYYY-MM-DD" })
  .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value.trim()))
  .pipe(z.string().refine(isValidDay, "Dates must be written YYYY-MM-DD"));

const articleSourceSchema = z.object({
  title: requiredText("The source's title", 300),
  url: z
    .string({ error: "The source's address is required" })
    .trim()
    .min(1, "The source's address is required")
    .max(2000, "The source's address must be at most 2000 characters")
    .pipe(z.url({ protocol: /^https?$/, error: KNOWLEDGE_MESSAGES.sourceUrl })),
  // An empty field of the form means "not given".
  accessed: z
    .union([z.literal(""), isoDate])
    .optional()
    .transform((value) => value || undefined),
});
export type ArticleSource = z.output<typeof articleSourceSchema>;
/** An article's stored sources. */
export const articleSourcesSchema = z.array(articleSourceSchema);

/** The front matter of an article file. */
export const articleFrontMatterSchema = z.object({
  title: requiredText("Title", 200),
  slug: knowledgeSlugSchema,
  topic: z
    .string({ error: "Topic is required" })
    .trim()
    .min(1, "Topic is required")
    .max(60, "The topic must be at most 60 characters")
    .regex(SLUG, "The topic may use lower-case letters, digits and single hyphens"),
  country: z
    .string({ error: "Country is required" })
    .trim()
    .min(2, "Country is required (an ISO code such as DE)")
    .max(60, "The country must be at most 60 characters"),
  lastReviewed: isoDate,
  sources: z
    .array(articleSourceSchema, { error: KNOWLEDGE_MESSAGES.sourcesRequired })
    .min(1, KNOWLEDGE_MESSAGES.sourcesRequired)
    .max(30, "An article can list at most 30 sources"),
});

// ---- Per-section sources ----

/**
 * Right under a heading, `<!-- sources: 1, 3 -->` names the sources (the front matter's list,
 * numbered from 1) that back that section; a section without it is backed by all of them.
 */
const SOURCES_MARKER = /^<!--\s*sources?\s*:\s*(.*?)\s*-->$/i;
/** A line that means to be a sources marker, well written or not. */
const LOOKS_LIKE_MARKER = /^<!--\s*sources?\b/i;
const HEADING_LINE = /^#{1,6}\s+(.*?)\s*#*\s*$/;

/** The source numbers of a marker line (sorted, each once), "malformed" for a marker that lists no clear numbers, null for any other line. */
export function sectionSourcesMarker(line: string): number[] | "malformed" | null {
  const trimmed = line.trim();
  if (!LOOKS_LIKE_MARKER.test(trimmed)) return null;
  const listed = SOURCES_MARKER.exec(trimmed)?.[1];
  const parts = listed?.split(/\s*,\s*/) ?? [];
  if (!listed || !parts.every((part) => /^\d+$/.test(part))) return "malformed";
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
}

/** Whether a line is an HTML comment on its own (a sources marker or a note): never shown or quoted. */
export function isCommentLine(line: string): boolean {
  return /^\s*<!--.*-->\s*$/.test(line);
}

/** The body without its HTML comment lines, as readers see it (the preview). */
export function withoutComments(body: string): string {
  return body
    .split("\n")
    .filter((line) => !isCommentLine(line))
    .join("\n");
}

/** The sources marker of the introduction: the body's first line, before any heading (null: none). */
export function introSourcesMarker(body: string): number[] | null {
  const first = body.split(/\r?\n/).find((line) => line.trim());
  const marker = first === undefined ? null : sectionSourcesMarker(first);
  return Array.isArray(marker) ? marker : null;
}

/** Whether text (not a heading) follows line `index`: the introduction a first-line marker names the sources of. */
function introductionFollows(lines: string[], index: number): boolean {
  const next = lines.slice(index + 1).find((line) => line.trim() && !isCommentLine(line));
  return next !== undefined && !HEADING_LINE.test(next.trim());
}

/**
 * What is wrong with an article's sources markers, as messages for the writer: a marker that is
 * neither right under a heading nor the first line (the introduction's), lists no numbers, or names
 * a source the article does not have.
 */
export function sectionSourcesProblems(body: string, sourceCount: number): string[] {
  const problems: string[] = [];
  let heading = "";
  let previous = "";
  const lines = body.split(/\r?\n/);
  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    const headingMatch = HEADING_LINE.exec(line.trim());
    if (headingMatch) heading = headingMatch[1]!;
    const marker = sectionSourcesMarker(line);
    if (marker !== null) {
      const written = line.trim();
      const first = !previous.trim();
      if (first && !introductionFollows(lines, index)) {
        problems.push(
          `Line ${lineNumber}: the sources comment “${written}” on the first line names the introduction's sources, but no introduction follows it; put it on the line right under its heading (## …)`,
        );
      } else if (!first && !HEADING_LINE.test(previous.trim())) {
        problems.push(
          `Line ${lineNumber}: the sources comment “${written}” must be the article's first line or on the line right under a heading (## …)`,
        );
      } else if (marker === "malformed") {
        problems.push(`Line ${lineNumber}: the sources comment “${written}” must list source numbers, for example <!-- sources: 1, 3 -->`);
      } else {
        const missing = marker.filter((n) => n < 1 || n > sourceCount);
        if (missing.length) {
          problems.push(
            `${heading ? `Section “${heading}”` : "The introduction"} names source ${missing.join(", ")}, but the article lists ${sourceCount} source${sourceCount === 1 ? "" : "s"} (numbered from 1 in the order of the sources list)`,
          );
        }
      }
    }
    if (line.trim()) previous = line;
  });
  return problems;
}

const checkSectionSources = (article: { body: string; sources: unknown[] }, context: z.RefinementCtx) => {
  for (const message of sectionSourcesProblems(article.body, article.sources.length))
    context.addIssue({ code: "custom", path: ["body"], message });
};

/**
 * An article as staff save it in /admin: the front matter (with a review date that is not in the
 * future), the Markdown body and a note for the version history.
 */
const articleInputFields = articleFrontMatterSchema.extend({
  // /admin/knowledge/new is the editor of a new article.
  slug: knowledgeSlugSchema.refine((slug) => slug !== "new", "“new” cannot be a slug: choose another"),
  lastReviewed: isoDate.refine((day) => day <= latestToday(), KNOWLEDGE_MESSAGES.futureReview),
  body: z
    .string({ error: KNOWLEDGE_MESSAGES.bodyRequired })
    .trim()
    .min(1, KNOWLEDGE_MESSAGES.bodyRequired)
    .max(ARTICLE_BODY_MAX, `The article can have at most ${ARTICLE_BODY_MAX.toLocaleString("en")} characters`),
  note: optionalText("Note", 300),
});
export const articleInputSchema = articleInputFields.superRefine(checkSectionSources);

/** Saving an existing article: `baseVersion` is the version the editor opened, so a save over someone else's is refused. */
export const articleSaveSchema = articleInputFields
  .extend({
    baseVersion: z.number().int().min(0).nullish(),
  })
  .superRefine(checkSectionSources);

export const articleSlugInput = z.object({ slug: knowledgeSlugSchema });

export const articleListQuery = listQuery(["title", "topic", "lastReviewed", "updatedAt"], {
  topic: z.string().trim().max(60).optional(),
  review: z.enum(["due", "ok"], { error: "review must be 'due' or 'ok'" }).optional(),
  visibility: z.enum(["shown", "hidden"], { error: "visibility must be 'shown' or 'hidden'" }).optional(),
});

export const articleHiddenInput = z.object({
  slug: knowledgeSlugSchema,
  hidden: z.boolean({ error: "hidden must be true or false" }),
});

const versionId = z.string({ error: "versionId is required" }).trim().min(1, "versionId is required").max(100);

/** Two versions to compare; without `to`, the article as it is now. */
export const articleDiffInput = z.object({ slug: knowledgeSlugSchema, from: versionId, to: versionId.nullish() });

export const articleRestoreInput = z.object({ versionId, note: optionalText("Note", 300) });

/** A guide's address: its topic and its slug. */
export const guideAddressInput = z.object({ topic: z.string().trim().min(1).max(80), slug: knowledgeSlugSchema });
export const guideTopicInput = z.object({ topic: z.string().trim().min(1).max(80) });
export const guideSearchInput = z.object({
  q: z.string().trim().min(2, "Type at least 2 characters to search the guides").max(300, "A search can have at most 300 characters"),
});
