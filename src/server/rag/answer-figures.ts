/** An answer to "how much" or "how long" states the figure, taken from its own article when the chosen units lack it. */
import { dependsOnPrevious, type ScoredUnit, similarity } from "./answer-units";
import type { AnswerUnit } from "./markdown";
import { AMOUNT, DURATION_OR_DATE, DUTY, TIME_LIMIT } from "./question";

const PERIOD =
  /\b(?:per|a|an|each|every) (?:month|year|semester|week|day|hour)\b|\/(?:month|year)\b|\bmonthly\b|\byearly\b|\bannual(?:ly)?\b/i;
const APPLIES_FROM =
  /\b(?:from|since|as of|in|for|until|applying)\s+(?:\d{1,2}\s+)?(?:(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+)?(?:20\d\d|winter semester|summer semester)\b/i;

/** A day the amount applies from ("from 1 January 2026"), which says more than a year ("in 2026"). */
const APPLIES_FROM_DAY =
  /\b(?:from|since|as of|applying from)\s+\d{1,2}\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+20\d\d\b/i;
const FULL_STATEMENT = 3;

/** How fully a unit states an amount: the amount, its period, the date it applies from (a half more for its day). */
export function amountStatement(plain: string): number {
  if (!AMOUNT.test(plain)) return 0;
  return 1 + (PERIOD.test(plain) ? 1 : 0) + (APPLIES_FROM.test(plain) ? 1 : 0) + (APPLIES_FROM_DAY.test(plain) ? 0.5 : 0);
}

const AMOUNT_ELSEWHERE_SHARE = 0.5;

/** "How much ...?": the unit of the first article that states the amount most fully leads, said as a sentence. */
export function withAmountFirst(chosen: ScoredUnit[], candidates: ScoredUnit[] = []): ScoredUnit[] {
  if (!chosen.length || chosen.some((u) => u.closing)) return chosen;
  const article = chosen[0]!.passage.articleSlug;
  // A relevant sentence elsewhere in the article that states the amount fully may lead instead.
  const top = Math.max(...chosen.map((u) => u.score));
  const elsewhere = candidates.filter(
    (u) =>
      u.kind === "sentence" &&
      u.score >= top * AMOUNT_ELSEWHERE_SHARE &&
      amountStatement(u.plain) >= FULL_STATEMENT &&
      !chosen.some((c) => sameUnit(c, u)),
  );
  let best: ScoredUnit | undefined;
  for (const unit of [...chosen, ...elsewhere.sort((a, b) => b.score - a.score)]) {
    if (unit.passage.articleSlug !== article || unit.kind === "row" || dependsOnPrevious(unit)) continue;
    const [statement, bestStatement] = [amountStatement(unit.plain), best ? amountStatement(best.plain) : 0];
    // A whole sentence states an amount better than one item of a list of parts.
    if (statement > bestStatement || (best && statement === bestStatement && unit.kind === "sentence" && best.kind !== "sentence"))
      best = unit;
  }
  if (!best || amountStatement(best.plain) < 2) return chosen;
  const lead: ScoredUnit = { ...best, kind: "sentence", label: undefined, leading: true };
  return [lead, ...chosen.filter((u) => u !== best)];
}

/** A unit that says a limit exists without stating it is followed by the closest unit of its article that states it. */
export function withStatedLimit(chosen: ScoredUnit[], vague: ScoredUnit, candidates: ScoredUnit[]): ScoredUnit[] {
  const figure = /\bhow long\b|\bstay\b|\bperiod\b|\bdays?\b/i.test(vague.plain) ? DURATION_OR_DATE : AMOUNT;
  if (chosen.some((u) => figure.test(u.plain))) return chosen;
  const top = Math.max(...candidates.map((u) => u.score), 1e-9);
  const closeness = (u: ScoredUnit) => similarity(vague.lexemes, u.lexemes) + 0.5 * (u.score / top);
  const limit = bestUnitOfArticle(
    candidates,
    vague.passage.articleSlug,
    (u) => u.kind !== "row" && figure.test(u.plain) && !chosen.some((c) => sameUnit(c, u)),
    (a, b) => closeness(b) - closeness(a),
  );
  return limit ? withSentenceAfter(chosen, vague, limit) : chosen;
}

/** The best unit of an article (by `order`) that `wanted` accepts and that reads on its own. */
function bestUnitOfArticle(
  candidates: ScoredUnit[],
  article: string,
  wanted: (unit: ScoredUnit) => boolean,
  order: (a: ScoredUnit, b: ScoredUnit) => number,
): ScoredUnit | undefined {
  return candidates.filter((u) => u.passage.articleSlug === article && !dependsOnPrevious(u) && wanted(u)).sort(order)[0];
}

/** `chosen` with `unit` right after `anchor`, said as a sentence (an item moved next to it is no longer in its list). */
function withSentenceAfter(chosen: ScoredUnit[], anchor: ScoredUnit, unit: ScoredUnit): ScoredUnit[] {
  const out = [...chosen];
  out.splice(out.indexOf(anchor) + 1, 0, { ...unit, kind: "sentence", label: undefined, score: anchor.score - 1e-6 });
  return out;
}

/** The same text of the same passage, whichever scoring produced the two units. */
function sameUnit(a: ScoredUnit, b: ScoredUnit): boolean {
  return a.passage.id === b.passage.id && a.block === b.block && a.order === b.order && a.kind === b.kind;
}

/** A duty quoted without its time limit ("must register") leaves out what matters most: the article's limit follows it. */
export function needsTimeLimit(unit: AnswerUnit): boolean {
  return DUTY.test(unit.plain) && !TIME_LIMIT.test(unit.plain);
}

export function withTimeLimit(chosen: ScoredUnit[], candidates: ScoredUnit[]): ScoredUnit[] {
  const duty = chosen.find(needsTimeLimit);
  if (!duty) return chosen;
  const verb = DUTY.exec(duty.plain)![1]!.toLowerCase();
  // The same duty with its limit: the same verb first, else the sentence that says most of the same.
  const closeness = (u: ScoredUnit) => (DUTY.exec(u.plain)?.[1]?.toLowerCase() === verb ? 1 : 0) + similarity(duty.lexemes, u.lexemes);
  const limitOfDuty = (u: ScoredUnit) => TIME_LIMIT.test(u.plain) && closeness(u) >= 0.2;
  // A limit already quoted counts for the same duty: the same verb, or in the same section.
  if (chosen.some((u) => u !== duty && limitOfDuty(u) && (closeness(u) >= 1 || u.passage.id === duty.passage.id))) return chosen;
  const limit = bestUnitOfArticle(
    candidates,
    duty.passage.articleSlug,
    (u) => u.kind !== "row" && limitOfDuty(u),
    (a, b) => closeness(b) - closeness(a) || b.score - a.score,
  );
  return limit ? withSentenceAfter(chosen, duty, limit) : chosen;
}
