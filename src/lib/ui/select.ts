/** Select-box rules: a search box appears above 10 options; the list is at most 200 px high. */
const SELECT_SEARCH_THRESHOLD = 10;
export const SELECT_LIST_MAX_HEIGHT_PX = 200;
export const NO_OPTIONS_TEXT = "No options found";

export function showsSearch(optionCount: number): boolean {
  return optionCount > SELECT_SEARCH_THRESHOLD;
}

/** Lower case, accents dropped, and a leading flag or symbol left out ("🇮🇳 India" is read "india"). */
function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .trim();
}

/** Where a word starts: at the beginning, or after anything that is not a letter or digit. */
function startsAWord(label: string, needle: string): boolean {
  for (let at = label.indexOf(needle); at !== -1; at = label.indexOf(needle, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(label[at - 1]!)) return true;
  }
  return false;
}

/**
 * How well a label matches what was typed: 0 the whole label, 1 its beginning, 2 the beginning of
 * one of its words, 3 anywhere else; null when it does not contain it at all.
 */
export function matchRank(label: string, query: string): number | null {
  const needle = normalise(query);
  const text = normalise(label);
  if (!text.includes(needle)) return null;
  if (text === needle) return 0;
  if (text.startsWith(needle)) return 1;
  return startsAWord(text, needle) ? 2 : 3;
}

/**
 * The options whose label contains the query (ignoring case and accents), best matches first: the
 * exact one, then those starting with it, then those with a word starting with it, then the rest;
 * the list's own order within each group. Typing "India" puts India above British Indian Ocean Territory.
 */
export function filterOptions<T extends { label: string }>(options: readonly T[], query: string): T[] {
  if (!normalise(query)) return [...options];
  return options
    .map((option, index) => ({ option, index, rank: matchRank(option.label, query) }))
    .filter((entry): entry is { option: T; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.option);
}
