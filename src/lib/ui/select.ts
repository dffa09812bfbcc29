/** Select-box rules: a search box appears above 10 options; the list is at most 200 px high. */
const SELECT_SEARCH_THRESHOLD = 10;
export const SELECT_LIST_MAX_HEIGHT_PX = 200;
export const NO_OPTIONS_TEXT = "No options found";

export function showsSearch(optionCount: number): boolean {
  return optionCount > SELECT_SEARCH_THRESHOLD;
}

/** Case- and accent-insensitive match on the label. */
export function filterOptions<T extends { label: string }>(options: readonly T[], query: string): T[] {
  const normalise = (text: string) =>
    text
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  const needle = normalise(query.trim());
  if (!needle) return [...options];
  return options.filter((option) => normalise(option.label).includes(needle));
}
