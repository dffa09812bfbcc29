/** Addresses of the guides: a topic's list of articles, and each article's page. */
export const topicGuidesPath = (topic: string) => `/students/${topic}`;
export const guidePath = (topic: string, slug: string) => `/students/${topic}/${slug}`;

/** The chat, with a question about a guide written in the box for the reader to send or change. */
export function askAboutGuideHref(title: string): string {
  // "How much is the blocked account? (2026 amount)": the question without its bracketed keywords.
  const question = title.replace(/\s*\([^)]*\)\s*/g, " ").trim();
  return `/swipe-ai?${new URLSearchParams({ message: question }).toString()}`;
}

/**
 * The id of a guide's section on its page, from its heading: a sub-section's heading is its section's
 * and its own joined by ": ", as the knowledge base's passages name them ("Costs: In Munich").
 */
export function sectionAnchor(heading: string): string {
  const anchor = heading
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return anchor || "section";
}

/** A guide's section as a link of this site: the guide's page at that section. */
export function guideSectionHref(topic: string, slug: string, heading: string | null): string {
  return `${guidePath(topic, slug)}${heading ? `#${sectionAnchor(heading)}` : ""}`;
}
