/** Prompt-carousel rules: valid questions, shuffling, rows and the thread choice. */
export interface CarouselThread {
  title?: string | null;
  questions?: { text?: unknown }[] | null;
}

const CAROUSEL_MAX_ROWS = 3;
export const CAROUSEL_LOOP_SECONDS = 30;

/** Only questions whose text is a non-empty string are shown. */
export function validQuestions(thread: CarouselThread): string[] {
  return (thread.questions ?? [])
    .map((question) => question?.text)
    .filter((text): text is string => typeof text === "string" && text.trim() !== "")
    .map((text) => text.trim());
}

/** A thread can fill the find-your-way carousel when it has a title and at least one valid question. */
export function isValidCarouselThread(thread: CarouselThread): boolean {
  return typeof thread.title === "string" && thread.title.trim() !== "" && validQuestions(thread).length > 0;
}

export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Splits items into up to `maxRows` rows of near-equal length, keeping their order; no empty rows. */
export function splitIntoRows<T>(items: readonly T[], maxRows = CAROUSEL_MAX_ROWS): T[][] {
  const rowCount = Math.min(maxRows, items.length);
  if (rowCount === 0) return [];
  const size = Math.ceil(items.length / rowCount);
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

/** A random valid thread for the landing carousel, or null when none qualifies. */
export function pickRandomThread<T extends CarouselThread>(threads: readonly T[], random: () => number = Math.random): T | null {
  const valid = threads.filter(isValidCarouselThread);
  if (valid.length === 0) return null;
  return valid[Math.floor(random() * valid.length)]!;
}

/** Shown on a topic card whose thread has no description. */
export const DEFAULT_TOPIC_DESCRIPTION = "No description available";
