/**
 * The community's spam and profanity filter: obscenity's English profanity set (with its
 * look-alike, leetspeak and repeated-letter transforms) plus phrases of the spam that study forums
 * attract (fake documents, paid visas, casinos). A match does not refuse the post: it is held for
 * a moderator, who may approve it.
 */
import { DataSet, englishDataset, englishRecommendedTransformers, parseRawPattern, RegExpMatcher } from "obscenity";

const SPAM_PHRASES = [
  "buy degree",
  "buy diploma",
  "fake diploma",
  "fake degree",
  "fake ielts",
  "ielts without exam",
  "guaranteed visa",
  "visa guaranteed",
  "100% visa",
  "casino",
  "viagra",
  "forex signals",
  "crypto giveaway",
  "double your bitcoin",
  "escort service",
  "work from home and earn",
];

const dataset = new DataSet<{ originalWord: string }>().addAll(englishDataset);
for (const phrase of SPAM_PHRASES) {
  dataset.addPhrase((builder) => builder.setMetadata({ originalWord: phrase }).addPattern(parseRawPattern(phrase)));
}
const built = dataset.build();
const matcher = new RegExpMatcher({ ...built, ...englishRecommendedTransformers });

export interface FilterFinding {
  /** The words or phrases that matched, for the moderator's queue. */
  terms: string[];
}

/** What the filter finds in a title and body, or null when nothing matched. */
export function screenPost(text: string): FilterFinding | null {
  const matches = matcher.getAllMatches(text, true);
  if (!matches.length) return null;
  const terms = new Set(
    matches.map((match) => dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord ?? "filtered word"),
  );
  return { terms: [...terms] };
}
