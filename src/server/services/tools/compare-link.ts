import { joinWithAnd } from "~/lib/join-with-and";
import { countryName } from "~/lib/options";
import { COMPARE_CRITERIA, type CompareCountry, compareHref, MAX_COMPARED } from "~/lib/schemas/tools/compare-choices";

/** How students name the destinations of the comparison in a question. */
const DESTINATION_NAMES: [CompareCountry, RegExp][] = [
  ["DE", /\bgermany\b|\bdeutschland\b/i],
  ["AT", /\baustria\b|\bÖsterreich\b|\boesterreich\b/i],
  ["NL", /\bnetherlands\b|\bholland\b|\bdutch\b/i],
  ["FR", /\bfrance\b/i],
  ["IE", /\bireland\b/i],
  ["SE", /\bsweden\b/i],
  ["GB", /\bu\.?k\.?(?=\W|$)|\bunited kingdom\b|\bbritain\b|\bengland\b|\bscotland\b/i],
  ["CA", /\bcanada\b/i],
  ["AU", /\baustralia\b/i],
  ["US", /\busa\b|\bu\.s\.(?=\W|$)|\bunited states\b|\bamerica\b/i],
];
const WEIGHING = /\b(?:or|vs\.?|versus|compare[ds]?|comparison|better|cheaper|instead of|than|rather)\b/i;

export interface AnswerLink {
  title: string;
  href: string;
  description: string;
}

/**
 * "Germany or the Netherlands?", "is Canada cheaper than Germany": a question weighing destinations
 * gets a link to the comparison of Germany and the countries it names, since the knowledge base (and
 * the local model) covers Germany only and must not make up the other side. Null for other questions.
 */
export function comparisonLinkFor(question: string): AnswerLink | null {
  // In the order the question names them, so the first-named are kept when there are too many.
  const named = DESTINATION_NAMES.map(([code, pattern]) => ({ code, at: question.search(pattern) }))
    .filter((found) => found.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((found) => found.code);
  const others = named.filter((code) => code !== "DE");
  if (others.length === 0 || (others.length === 1 && !WEIGHING.test(question))) return null;
  const countries = (["DE", ...others] as CompareCountry[]).slice(0, MAX_COMPARED);
  const names = countries.map((code) => countryName(code));
  return {
    title: `Compare ${joinWithAnd(names)}`,
    href: compareHref({ countries, criteria: [...COMPARE_CRITERIA] }),
    description:
      "Tuition, proof of funds, living costs, work while studying and the stay after graduating, side by side with official sources.",
  };
}
